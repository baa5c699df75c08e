// The page for an address that leads nowhere: an unknown post, photo, member or network, or no page
// at all. Says which, and offers a way on.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../lib/paths';

const WHAT = {
  page: { title: 'Page not found', text: 'There is nothing at this address.' },
  post: { title: 'Post not found', text: 'This post does not exist, or you are not allowed to see it.' },
  photo: { title: 'Photo not found', text: 'This photo does not exist, or you are not allowed to see it.' },
  topic: { title: 'Topic not found', text: 'This forum topic does not exist, or you are not allowed to see it.' },
  category: { title: 'Category not found', text: 'This forum category does not exist.' },
  video: { title: 'Video not found', text: 'This video does not exist, or you are not allowed to see it.' },
  member: { title: 'Member not found', text: 'There is no member with this name here, or their profile is not visible to you.' },
  network: { title: 'Network not found', text: 'There is no network at this address. Check the link you followed.' },
};

export type NotFoundKind = keyof typeof WHAT;

export function NotFound({ kind = 'page' }: { kind?: NotFoundKind }) {
  const { network } = useParams();
  const { title, text } = WHAT[kind];
  return (
    <div className="not-found">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      {network && kind !== 'network' ? (
        <p>
          <Link to={paths.home(network)}>Go to the front page</Link>
        </p>
      ) : (
        <p>
          <Link to="/">Go to the start page</Link>
        </p>
      )}
    </div>
  );
}
