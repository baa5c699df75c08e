// The forum's categories, A to Z, with what each is for and how many topics it holds; an
// administrator can add one here.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { appPath } from '../../../lib/paths';
import { PrefetchLink } from '../../../lib/prefetch';
import { useViewer } from '../../session/api/viewer';
import { createCategoryOptions } from '../api/forum-mutations';
import { forumQueries } from '../api/forum-queries';
import { TITLE_LIMIT } from './topic-form';
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
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation(createCategoryOptions(network));
  const titleId = useId();
  const descriptionId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    create.mutate({ title, description }, { onSuccess: () => (setTitle(''), setDescription('')) });
  }

  return (
    <details className="new-category">
      <summary>New category</summary>
      <form className="stacked-form" onSubmit={submit}>
        <label htmlFor={titleId}>Category name</label>
        <input id={titleId} value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={TITLE_LIMIT} aria-describedby={`${titleId}-hint`} />
        <p id={`${titleId}-hint`} className="field-hint">
          Up to {TITLE_LIMIT} characters.
        </p>
        <label htmlFor={descriptionId}>What it is for (optional)</label>
        <input id={descriptionId} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
        {create.isError ? <ErrorMessage error={create.error} title="The category was not added." /> : null}
        <button type="submit" disabled={create.isPending}>
          Add category
        </button>
      </form>
    </details>
  );
}
