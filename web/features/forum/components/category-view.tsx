// A forum category: its name and purpose, and its topics, newest first. Administrators rename
// it or change its purpose, and delete it (its topics stay in the forum, without a category).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DeleteItemButton } from '../../../components/delete-item-button';
import { ErrorMessage, leadsNowhere } from '../../../components/error-message';
import { Modal } from '../../../components/modal';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { PageTitle } from '../../network/components/page-title';
import { useViewer } from '../../session/api/viewer';
import { changeCategoryOptions, deleteCategoryOptions } from '../api/forum-mutations';
import { forumQueries } from '../api/forum-queries';
import { CategoryForm } from './category-form';
import { TopicList } from './topic-list';
import '../forum.css';
import '../../../components/lists.css';

export function CategoryView({ network, id, search }: { network: string; id: string; search: URLSearchParams }) {
  const viewer = useViewer(network);
  const category = useQuery(forumQueries.category(network, id));
  if (category.isPending) return <Skeleton label="Loading category…" rows={3} lines={2} />;
  if (category.isError) {
    if (leadsNowhere(category.error)) return <NotFound kind="category" />;
    return <ErrorMessage error={category.error} title="The category could not be loaded." retry={() => void category.refetch()} />;
  }
  const { title, description } = category.data.entry;
  return (
    <>
      <PageTitle title={title} />
      <p className="breadcrumbs">
        <Link to={paths.forum(network)}>Forum</Link>
      </p>
      <div className="page-heading">
        <h1>{title}</h1>
        {viewer.canWrite ? (
          <Link className="button-link" to={paths.newTopic(network, id)}>
            Start a topic
          </Link>
        ) : null}
      </div>
      {description ? <p className="lede">{description}</p> : null}
      {viewer.isAdmin ? <CategoryActions network={network} id={id} title={title} description={description ?? ''} /> : null}
      <TopicList network={network} categoryId={id} search={search} />
    </>
  );
}

function CategoryActions({ network, id, title, description }: { network: string; id: string; title: string; description: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="post-actions category-actions">
      <button type="button" className="secondary" onClick={() => setEditing(true)}>
        Edit category
      </button>
      <DeleteItemButton
        id={id}
        noun="category"
        name={title}
        consequence={<>“{title}” will be gone; its topics stay in the forum, without a category.</>}
        remove={deleteCategoryOptions(network)}
        then={{ to: paths.forum(network), notice: 'category-deleted' }}
      />
      <Modal open={editing} title="Edit category" onClose={() => setEditing(false)}>
        {editing ? (
          <CategoryForm
            initial={{ title, description }}
            save={changeCategoryOptions(network, id)}
            submitLabel="Save category"
            failure="The category was not saved."
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : null}
      </Modal>
    </div>
  );
}
