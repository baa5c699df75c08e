// An item in a list of forum topics or videos (and the like): its title leading to its page,
// then who added it, when, and how many replies or comments it has.
import type { ReactNode } from 'react';
import type { Resources } from '../lib/api-types';
import { appPath } from '../lib/paths';
import { PrefetchLink } from '../lib/prefetch';
import { MemberByline } from './member-byline';
import { RelativeTime } from './relative-time';
import './lists.css';

type Props = {
  title: string;
  /** The item's page: an app path, or the `url` the service gave. */
  url: string;
  author: string;
  resources: Resources;
  createdDate?: string;
  count?: { value: number; one: string; many: string };
  /** More for the meta line: a badge, when it was featured, … */
  extra?: ReactNode;
  /** Before the title, such as a video's picture. */
  leading?: ReactNode;
};

export function countText(count: number, one: string, many: string): string {
  return count === 0 ? `No ${many}` : count === 1 ? `1 ${one}` : `${count.toLocaleString()} ${many}`;
}

export function ContentRow({ title, url, author, resources, createdDate, count, extra, leading }: Props) {
  return (
    <li className="content-row">
      {leading}
      <div className="content-row-main">
        <PrefetchLink className="content-row-title" to={appPath(url)}>
          {title}
        </PrefetchLink>
        <p className="meta">
          <MemberByline author={author} resources={resources} />
          {createdDate ? <RelativeTime iso={createdDate} /> : null}
          {count ? <span>{countText(count.value, count.one, count.many)}</span> : null}
          {extra}
        </p>
      </div>
    </li>
  );
}
