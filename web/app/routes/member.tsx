// A member's profile, at the address the service gives as the member's `url`: who they are,
// how the viewer stands with them (the friend button), and their posts, photos and friends.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorMessage, isNotFound } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { Skeleton } from '../../components/skeleton';
import { MemberActivitySection } from '../../features/activity/components/activity-feed';
import { FriendButton } from '../../features/friends/components/friend-button';
import { memberQueries, type Profile } from '../../features/members/api/member-queries';
import { ProfileHeader } from '../../features/members/components/profile-header';
import { ProfileFriends, ProfilePhotos, ProfilePosts } from '../../features/members/components/profile-sections';
import { MemberControls } from '../../features/moderation/components/member-controls';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer, type Viewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import { FeedLink } from '../../features/feeds/feed-link';

export default function MemberPage() {
  const network = useNetwork();
  const { screenName = '' } = useParams();
  const viewer = useViewer(network);
  const member = useQuery(memberQueries.profile(network, screenName));
  const navigate = useNavigate();

  if (member.isPending) return <Skeleton label="Loading profile…" frame="avatar profile-avatar" header="profile-header" />;
  if (member.isError) {
    if (isNotFound(member.error)) return <NotFound kind="member" />;
    return <ErrorMessage error={member.error} title="This profile could not be loaded." retry={() => void member.refetch()} />;
  }

  const profile = member.data;
  const own = viewer.member?.author === profile.author;
  const sections = { network, screenName: profile.author, fullName: profile.fullName, own };
  return (
    <div className="profile">
      <PageTitle title={profile.fullName} />
      <FeedLink network={network} title={`Posts by ${profile.fullName}`} author={profile.author} />
      <ProfileHeader
        member={profile}
        actions={
          <>
            <ViewerActions network={network} viewer={viewer} member={profile} own={own} />
            <MemberControls network={network} member={profile} viewer={viewer} onGone={() => navigate(paths.members(network), { replace: true })} />
          </>
        }
      />
      <ProfilePosts {...sections} />
      <ProfilePhotos {...sections} />
      <ProfileFriends {...sections} />
      <MemberActivitySection network={network} screenName={profile.author} fullName={profile.fullName} />
    </div>
  );
}

function ViewerActions({ network, viewer, member, own }: { network: string; viewer: Viewer & { known: boolean }; member: Profile; own: boolean }) {
  const location = useLocation();
  if (!viewer.known) return null;
  if (own) {
    return (
      <Link className="button-link secondary-link" to={paths.profileSettings(network)}>
        Edit your profile
      </Link>
    );
  }
  const befriendable = member.state === 'active' || member.state === 'owner';
  if (viewer.canWrite && befriendable) return <FriendButton network={network} me={viewer.member!.author} member={member} />;
  if (!viewer.member && befriendable) {
    return (
      <p className="muted">
        <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to add {member.fullName} as a friend.
      </p>
    );
  }
  return null;
}
