// Joining the network as a new member.
import { Link } from 'react-router-dom';
import { SignUpForm } from '../../features/session/components/sign-up-form';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';
import { useNextPath } from '../next-path';

export default function SignUpPage() {
  const network = useNetwork();
  const next = useNextPath();
  return (
    <>
      <PageTitle title="Sign up" />
      <h1>Sign up</h1>
      <SignUpForm network={network} />
      <p>
        Already a member? <Link to={paths.signIn(network, next)}>Sign in</Link>
      </p>
    </>
  );
}
