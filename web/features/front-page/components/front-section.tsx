// One section of the front page with its heading and an optional link to the full list. While
// its content loads it keeps its shape; if it fails it says so in a line; when there is nothing
// in it and nothing to invite, it stays away.
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';

type Props<T> = {
  title: string;
  more?: { to: string; label: string };
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  className?: string;
};

export function FrontSection<T>({ title, more, query, isEmpty, children, className }: Props<T>) {
  const headingId = useId();
  if (query.isSuccess && isEmpty(query.data)) return null;
  return (
    <section className={className ? `front-section ${className}` : 'front-section'} aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        {more ? <Link to={more.to}>{more.label}</Link> : null}
      </div>
      {query.isPending ? (
        <Skeleton label={`Loading ${title.toLowerCase()}…`} rows={2} lines={2} />
      ) : query.isError ? (
        <ErrorMessage error={query.error} title={`${title} could not be loaded.`} retry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}
