// The members administrators featured: faces and names, leading to their profiles.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { appPath, paths } from '../../../lib/paths';
import { frontPageQueries } from '../api/front-page-queries';
import { FrontSection } from './front-section';

export function FeaturedMembers({ network }: { network: string }) {
  const featured = useQuery(frontPageQueries.featuredMembers(network));
  return (
    <FrontSection
      title="Featured members"
      more={{ to: paths.members(network), label: 'All members' }}
      query={featured}
      isEmpty={(data) => data.entry.length === 0}
    >
      {({ entry }) => (
        <ul className="member-faces">
          {entry.map((member) => (
            <li key={member.id}>
              <Link to={appPath(member.url)}>
                <img className="avatar" src={member.iconUrl} alt="" width={48} height={48} loading="lazy" fetchPriority="low" />
                <span>{member.fullName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </FrontSection>
  );
}
