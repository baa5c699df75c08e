// A message about what just happened, carried to the next page in the navigation's state
// (`navigate(to, { state: { notice } })`): shown once at the top of the page, dismissible.
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { networkQueries } from '../../features/network/api/network-queries';

const NOTICES = {
  joined: (name: string) => `Welcome to ${name}! You are a member now: say hello with a post or a comment.`,
  'joined-pending': (name: string) =>
    `Thanks for joining ${name}! An administrator will look at your membership soon. Until then you can read what visitors can read.`,
  'post-deleted': () => 'The post is deleted.',
  'topic-deleted': () => 'The topic is deleted.',
  'category-deleted': () => 'The category is deleted. Its topics stay in the forum, without a category.',
  'video-deleted': () => 'The video is deleted.',
  'photo-deleted': () => 'The photo is deleted.',
  'password-changed': () => 'Your password is changed. Sign in with the new one.',
};

export type FlashNotice = keyof typeof NOTICES;

export function FlashNoticeBanner({ network }: { network: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const name = useQuery(networkQueries.detail(network)).data?.name ?? network;
  const notice = (location.state as { notice?: FlashNotice } | null)?.notice;
  if (!notice || !(notice in NOTICES)) return null;
  return (
    <div className="flash-notice" role="status">
      <p>{NOTICES[notice](name)}</p>
      <button
        type="button"
        className="link-button"
        onClick={() => navigate(location.pathname + location.search, { replace: true, state: null })}
      >
        Dismiss
      </button>
    </div>
  );
}
