// The tags used most on what the reader can see, sized by how often.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { frontPageQueries } from '../api/front-page-queries';
import { FrontSection } from './front-section';

export function PopularTags({ network }: { network: string }) {
  const tags = useQuery(frontPageQueries.popularTags(network));
  return (
    <FrontSection title="Popular tags" more={{ to: paths.tags(network), label: 'All tags' }} query={tags} isEmpty={(data) => data.length === 0}>
      {(data) => {
        const most = Math.max(...data.map((tag) => tag.count));
        return (
          <ul className="tag-cloud">
            {data.map(({ value, count }) => (
              <li key={value}>
                <Link
                  className="tag"
                  to={paths.tag(network, value)}
                  style={{ fontSize: `${0.8 + 0.5 * (count / most)}rem` }}
                  aria-label={`${value}, ${count === 1 ? '1 item' : `${count} items`}`}
                >
                  {value}
                </Link>
              </li>
            ))}
          </ul>
        );
      }}
    </FrontSection>
  );
}
