// Signing in with email and password.
import { Link } from 'react-router-dom';
import { SignInForm } from '../../features/session/components/sign-in-form';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';
import { useNextPath } from '../next-path';

export default function SignInPage() {
  const network = useNetwork();
  const next = useNextPath();
  return (
    <>
      <PageTitle title="Sign in" />
      <h1>Sign in</h1>
      <SignInForm network={network} />
      <p>
        <Link to={paths.forgotPassword(network)}>Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={paths.signUp(network, next)}>Create an account</Link>
      </p>
    </>
  );
}
