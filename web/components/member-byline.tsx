// An entry's author as readers know them: icon and full name from the listing's `resources`,
// leading to their profile; the screen name when the service sent no details.
import { Link } from 'react-router-dom';
import type { Resources, ScreenName } from '../lib/api-types';
import { appPath } from '../lib/paths';

export function MemberByline({ author, resources }: { author: ScreenName; resources: Resources }) {
  const member = resources[author];
  const name = <span className="byline-name">{member?.fullName || author}</span>;
  return (
    <span className="byline">
      {member?.iconUrl ? <img className="avatar" src={member.iconUrl} alt="" width={32} height={32} loading="lazy" fetchPriority="low" /> : null}
      {member?.url ? <Link to={appPath(member.url)}>{name}</Link> : name}
    </span>
  );
}
