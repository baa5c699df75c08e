// Asking for a link to choose a new password.
import { Link } from 'react-router-dom';
import { ForgotPasswordForm } from '../../features/session/components/forgot-password-form';
import { PageTitle } from '../../features/network/components/page-title';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function ForgotPasswordPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Forgot password" />
      <h1>Forgot your password?</h1>
      <ForgotPasswordForm network={network} />
      <p>
        Remembered it? <Link to={paths.signIn(network)}>Sign in</Link>
      </p>
    </>
  );
}
