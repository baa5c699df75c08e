// The forum's categories, A to Z, with what each is for and how many topics it holds; an
// administrator can add one here.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { appPath } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { useViewer } from '../../session/api/viewer';
import { createCategoryOptions } from '../api/forum-mutations';
import { forumQueries } from '../api/forum-queries';
import { CategoryForm } from './category-form';
import '../forum.css';

export function CategoryList({ network }: { network: string }) {
  const viewer = useViewer(network);
  const categories = useQuery(forumQueries.categories(network));
  const headingId = useId();

  if (categories.isPending) return <Skeleton label="Loading categories…" rows={2} lines={2} />;
  if (categories.isError) return <ErrorMessage error={categories.error} title="The categories could not be loaded." retry={() => void categories.refetch()} />;
  const { entry } = categories.data;
  if (entry.length === 0 && !viewer.isAdmin) return null;
  return (
    <section aria-labelledby={headingId} className="forum-categories">
      <h2 id={headingId}>Categories</h2>
      {entry.length === 0 ? (
        <p className="muted">No categories yet. Topics can be started without one.</p>
      ) : (
        <ul className="category-list">
          {entry.map((category) => (
            <li key={category.id}>
              <PrefetchLink className="category-title" to={appPath(category.url)}>
                {category.title}
              </PrefetchLink>
              <span className="muted">{category.topicCount === 1 ? '1 topic' : `${category.topicCount.toLocaleString()} topics`}</span>
              {category.description ? <p>{category.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {viewer.isAdmin ? <NewCategory network={network} /> : null}
    </section>
  );
}

function NewCategory({ network }: { network: string }) {
  return (
    <details className="new-category">
      <summary>New category</summary>
      <CategoryForm save={createCategoryOptions(network)} submitLabel="Add category" failure="The category was not added." />
    </details>
  );
}
