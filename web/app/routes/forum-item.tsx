// A forum topic (`/forum/topics/:id`) or category (`/forum/categories/:id`).
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { CategoryView } from '../../features/forum/components/category-view';
import { TopicView } from '../../features/forum/components/topic-view';
import { useNetwork } from '../use-network';

export default function ForumItemPage() {
  const network = useNetwork();
  const { kind, id = '' } = useParams();
  const [search] = useSearchParams();
  if (kind === 'topics') return <TopicView network={network} id={id} />;
  if (kind === 'categories') return <CategoryView network={network} id={id} search={search} />;
  return <NotFound kind="page" />;
}
