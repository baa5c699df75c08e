// One photo on its own page: the image (the full size a click away), its title, who shared it
// and when, its description and tags, who may see it, and what follows it (its comments).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage, leadsNowhere } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { NotFound } from '../../../components/not-found';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { TagList } from '../../blog-posts/components/tag-list';
import { PageTitle } from '../../network/components/page-title';
import { paths } from '../../../lib/paths';
import { imageOf, membersOf, photoQueries, type Photo } from '../api/photo-queries';
import { photoName } from './photo-grid';

type Props = {
  network: string;
  id: string;
  /** Controls for the photo (its owner's Edit and Delete), given the loaded photo. */
  actions?: (photo: Photo) => ReactNode;
  children?: (photo: Photo) => ReactNode;
};

const AUDIENCE = { all: null, members: 'Members of this network', friends: 'The owner’s friends', me: 'Only its owner' };

export function PhotoView({ network, id, actions, children }: Props) {
  const photo = useQuery(photoQueries.detail(network, id));

  if (photo.isPending) return <Skeleton label="Loading photo…" frame="photo-frame skeleton-photo" />;
  if (photo.isError) {
    if (leadsNowhere(photo.error)) return <NotFound kind="photo" />;
    return <ErrorMessage error={photo.error} title="The photo could not be loaded." retry={() => void photo.refetch()} />;
  }

  const { entry, resources } = photo.data;
  const image = imageOf(resources, entry);
  const name = photoName(entry);
  const audience = AUDIENCE[entry.visibility];
  return (
    <>
      <article className="photo-page" aria-labelledby="photo-title">
        <PageTitle title={name} />
        {image ? (
          <a className="photo-frame" href={image.url}>
            <img
              src={image.mediumUrl}
              alt={entry.title || 'Untitled photo'}
              width={image.width}
              height={image.height}
            />
            <span className="visually-hidden"> (full size)</span>
          </a>
        ) : null}
        <div className="post-header">
          <h1 id="photo-title">{name}</h1>
          <p className="meta">
            <MemberByline author={entry.author} resources={membersOf(resources)} />
            <RelativeTime iso={entry.createdDate} />
            {entry.featuredDate ? <span className="badge">Featured</span> : null}
          </p>
          <TagList network={network} tags={entry.topTags} to={(network, tag) => paths.photos(network, { tag })} />
          {audience ? <p className="muted">Visible to: {audience}</p> : null}
          {actions ? <div className="post-actions">{actions(entry)}</div> : null}
        </div>
        {entry.description ? <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} /> : null}
      </article>
      {children?.(entry)}
    </>
  );
}
