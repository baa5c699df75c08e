// Who wrote the post: their icon, name (leading to their profile), status and where they are,
// and a way to their other posts.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { appPath, paths } from '../../../lib/paths';
import { blogPostQueries } from '../api/blog-post-queries';

const since = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

export function AuthorCard({ network, screenName }: { network: string; screenName: string }) {
  const author = useQuery(blogPostQueries.author(network, screenName));
  // The byline already names the author; the card adds to it, so it simply waits or stays away.
  if (!author.data) return null;
  const { fullName, iconUrl, url, statusMessage, location, createdDate } = author.data;
  return (
    <aside className="author-card" aria-label="About the author">
      <img className="avatar" src={iconUrl} alt="" width={56} height={56} fetchPriority="low" />
      <div>
        <p className="author-card-name">
          <Link to={appPath(url)}>{fullName}</Link>
        </p>
        {statusMessage ? <p className="author-card-status">“{statusMessage}”</p> : null}
        <p className="meta">
          {location ? <span>{location}</span> : null}
          <span>Member since {since.format(new Date(createdDate))}</span>
        </p>
        <Link to={paths.blog(network, { author: screenName })}>More posts by {fullName}</Link>
      </div>
    </aside>
  );
}
