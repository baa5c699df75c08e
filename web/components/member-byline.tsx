// An entry's author as readers know them: icon and full name from the listing's `resources`,
// falling back to the screen name when the service sent no details.
import type { Resources, ScreenName } from '../lib/api-types';

export function MemberByline({ author, resources }: { author: ScreenName; resources: Resources }) {
  const member = resources[author];
  return (
    <span className="byline">
      {member?.iconUrl ? (
        <img className="avatar" src={member.iconUrl} alt="" width={32} height={32} />
      ) : null}
      <span className="byline-name">{member?.fullName || author}</span>
    </span>
  );
}
