// The signed-in member's friends, the requests to them and from them, and whom they blocked.
import { MyFriends } from '../../features/friends/components/my-friends';
import { PageTitle } from '../../features/network/components/page-title';
import { SignedInOnly } from '../../features/session/components/signed-in-only';
import { useViewer } from '../../features/session/api/viewer';
import { useNetwork } from '../use-network';

export default function FriendsPage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  return (
    <>
      <PageTitle title="Friends" />
      <h1>Friends</h1>
      <SignedInOnly network={network}>{viewer.member ? <MyFriends network={network} me={viewer.member.author} /> : null}</SignedInOnly>
    </>
  );
}
