// The tag cloud: the tags used most on what the reader may see, sized by use; narrowed to one
// kind of item with `?type=`.
import { Link, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../features/network/components/page-title';
import { TagCloud } from '../../features/tags/components/tag-cloud';
import { tagTypeOf, TAG_TYPES } from '../../features/tags/tag-types';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';

export default function TagsPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  const current = tagTypeOf(search);
  return (
    <>
      <PageTitle title="Tags" />
      <h1>Tags</h1>
      <nav className="tabs" aria-label="Tags of">
        {TAG_TYPES.map(({ type, label }) => (
          <Link key={label} to={paths.tags(network, type)} aria-current={type === current.type ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <TagCloud network={network} type={current.type} />
    </>
  );
}
