// What is featured now, type by type, in featured order (most recently featured first, as the
// front page shows them), each with Unfeature. Featuring happens where the item is shown.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { appPath, paths } from '../../../lib/paths';
import { featureOptions, typeOfId } from '../../moderation/api/moderation';
import { adminQueries, type FeaturedEntry, type FeaturedType } from '../api/admin-queries';

const SECTIONS: { type: FeaturedType; title: string }[] = [
  { type: 'BlogPost', title: 'Blog posts' },
  { type: 'Photo', title: 'Photos' },
  { type: 'Video', title: 'Videos' },
  { type: 'Topic', title: 'Forum topics' },
  { type: 'User', title: 'Members' },
  { type: 'Comment', title: 'Comments' },
];

const stripTags = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

export function FeaturedAdmin({ network }: { network: string }) {
  const unfeature = useMutation(featureOptions(network));
  return (
    <>
      {unfeature.isError ? <ErrorMessage error={unfeature.error} title="That was not unfeatured." /> : null}
      {SECTIONS.map((section) => (
        <FeaturedSection
          key={section.type}
          network={network}
          {...section}
          busy={unfeature.isPending}
          onUnfeature={(id) => unfeature.mutate({ id, featured: false })}
        />
      ))}
    </>
  );
}

type SectionProps = { network: string; type: FeaturedType; title: string; busy: boolean; onUnfeature: (id: string) => void };

function FeaturedSection({ network, type, title, busy, onUnfeature }: SectionProps) {
  const featured = useQuery(adminQueries.featured(network, type));
  const headingId = `featured-${type}`;
  return (
    <section aria-labelledby={headingId} className="admin-section">
      <h2 id={headingId}>{title}</h2>
      {featured.isPending ? (
        <Skeleton label={`Loading featured ${title.toLowerCase()}…`} lines={1} />
      ) : featured.isError ? (
        <ErrorMessage error={featured.error} title={`Featured ${title.toLowerCase()} could not be loaded.`} retry={() => void featured.refetch()} />
      ) : featured.data.entry.length === 0 ? (
        <p className="muted">Nothing featured.</p>
      ) : (
        <ol className="admin-list">
          {featured.data.entry.map((entry) => (
            <FeaturedRow key={entry.id} network={network} entry={entry} resources={featured.data.resources} busy={busy} onUnfeature={onUnfeature} />
          ))}
        </ol>
      )}
    </section>
  );
}

type RowProps = {
  network: string;
  entry: FeaturedEntry;
  resources: Parameters<typeof MemberByline>[0]['resources'];
  busy: boolean;
  onUnfeature: (id: string) => void;
};

function FeaturedRow({ network, entry, resources, busy, onUnfeature }: RowProps) {
  const nameId = `featured-${entry.id.replaceAll(':', '-')}`;
  const name = entry.title ?? entry.fullName ?? (entry.description ? stripTags(entry.description).slice(0, 120) : entry.id);
  const to = entry.url ? appPath(entry.url) : entry.attachedTo && typeOfId(entry.attachedTo) === 'BlogPost' ? paths.blogPost(network, entry.attachedTo) : null;
  return (
    <li className="admin-row">
      <div className="admin-row-main">
        <p className="admin-row-title" id={nameId}>
          {to ? <Link to={to}>{name || 'Untitled'}</Link> : name || 'Untitled'}
        </p>
        <p className="meta">
          {typeOfId(entry.id) === 'User' ? null : <MemberByline author={entry.author} resources={resources} />}
          {entry.featuredDate ? (
            <span>
              Featured <RelativeTime iso={entry.featuredDate} />
            </span>
          ) : null}
        </p>
      </div>
      <button type="button" className="secondary" disabled={busy} aria-describedby={nameId} onClick={() => onUnfeature(entry.id)}>
        Unfeature
      </button>
    </li>
  );
}
