// An item's tags as chips, each leading to the items with that tag (by default, the blog's posts).
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

type Props = { network: string; tags: readonly string[]; to?: (network: string, tag: string) => string };

export function TagList({ network, tags, to = (network, tag) => paths.blog(network, { tag }) }: Props) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="tag" to={to(network, tag)}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
