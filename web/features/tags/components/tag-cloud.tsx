// The tags used most on what the reader can see, largest where used most, each leading to its
// tag page; narrowed to one kind of item through the URL (`?type=`).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../session/api/viewer';
import { tagQueries, type TagType } from '../api/tag-queries';
import '../tags.css';

/** From 0.85rem for the least used tag to 2rem for the most used, on a square-root scale. */
export function tagSize(count: number, least: number, most: number): number {
  if (most <= least) return 1.2;
  const share = (Math.sqrt(count) - Math.sqrt(least)) / (Math.sqrt(most) - Math.sqrt(least));
  return Math.round((0.85 + 1.15 * share) * 100) / 100;
}

export function TagCloud({ network, type }: { network: string; type?: TagType }) {
  const viewer = useViewer(network);
  const tags = useQuery(tagQueries.popular(network, type));

  if (tags.isPending) return <Skeleton label="Loading tags…" rows={2} lines={3} />;
  if (tags.isError) return <ErrorMessage error={tags.error} title="The tags could not be loaded." retry={() => void tags.refetch()} />;
  if (tags.data.length === 0) {
    return (
      <EmptyState
        title="No tags yet."
        action={
          viewer.canWrite ? (
            <Link className="button-link" to={paths.write(network)}>
              Write a tagged post
            </Link>
          ) : null
        }
      >
        Tags members give their posts, photos, topics and videos gather here, the most used largest.
      </EmptyState>
    );
  }
  const counts = tags.data.map((tag) => tag.count);
  const least = Math.min(...counts);
  const most = Math.max(...counts);
  // Alphabetical, as a cloud reads; the size says how much each is used.
  const sorted = tags.data.toSorted((a, b) => a.value.localeCompare(b.value));
  return (
    <ul className="tag-cloud tag-cloud-page">
      {sorted.map(({ value, count }) => (
        <li key={value}>
          <Link
            className="tag"
            to={paths.tag(network, value)}
            style={{ fontSize: `${tagSize(count, least, most)}rem` }}
            aria-label={`${value}, ${count === 1 ? '1 item' : `${count} items`}`}
          >
            {value}
          </Link>
        </li>
      ))}
    </ul>
  );
}
