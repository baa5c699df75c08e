// A post's tags as chips, each leading to the blog's posts with that tag.
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export function TagList({ network, tags }: { network: string; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="tag" to={paths.blog(network, { tag })}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
