// Choosing a new password with the link from the reset mail (`?token=`).
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/session/components/reset-password-form';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function ResetPasswordPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="Choose a new password" />
      <h1>Choose a new password</h1>
      <ResetPasswordForm network={network} token={search.get('token')} />
    </>
  );
}
