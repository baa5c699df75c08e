// Any address the router does not know.
import { NotFound } from '../../components/not-found';

export default function NotFoundPage() {
  return <NotFound kind="page" />;
}
