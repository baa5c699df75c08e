// The moderation queue.
import { ModerationQueue } from '../../features/admin/components/moderation-queue';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function AdminQueuePage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Moderation queue" />
      <h1>Moderation queue</h1>
      <p className="lede">What members posted or asked while moderation is on waits here until an administrator decides, newest first.</p>
      <ModerationQueue network={network} />
    </>
  );
}
