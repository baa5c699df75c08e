// The top of a member's profile: their icon and name, role, status message, where they are and
// since when they are a member, and what the viewer can do about them (friend button, or
// editing one's own profile).
import type { ReactNode } from 'react';
import { exactText } from '../../../components/relative-time';
import type { Profile } from '../api/member-queries';

const since = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

function roleOf(member: Profile): string | null {
  if (member.isOwner) return 'Network Creator';
  if (member.isAdmin) return 'Administrator';
  return null;
}

export function ProfileHeader({ member, actions }: { member: Profile; actions?: ReactNode }) {
  const role = roleOf(member);
  return (
    <header className="profile-header">
      <img className="avatar profile-avatar" src={member.iconUrl} alt="" width={96} height={96} />
      <div className="profile-main">
        <h1>{member.fullName}</h1>
        {member.statusMessage ? <p className="profile-status">“{member.statusMessage}”</p> : null}
        <p className="meta">
          {role ? <span className="badge">{role}</span> : null}
          {member.location ? <span>{member.location}</span> : null}
          <span title={exactText(member.createdDate)}>Member since {since.format(new Date(member.createdDate))}</span>
        </p>
        {actions ? <div className="profile-actions">{actions}</div> : null}
      </div>
    </header>
  );
}
