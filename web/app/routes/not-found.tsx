import { Link, useParams } from 'react-router-dom';
import { DEFAULT_NETWORK, paths } from '../../lib/paths';

export function NotFoundPage() {
  const { network = DEFAULT_NETWORK } = useParams();
  return (
    <>
      <title>Page not found</title>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to={paths.home(network)}>Go to the front page</Link>
      </p>
    </>
  );
}
