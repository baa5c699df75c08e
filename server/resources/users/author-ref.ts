// The `author.*` (and `attachedToAuthor.*`) sub-properties every content type shares: the
// member's full name, icon and profile page, put in `resources` under the screen name.
import type { PresentContext, Reference } from '../../http/fields';

export interface PersonColumns {
  screenName: string;
  fullName: string;
  iconUrl: string | null;
}

export const memberUrl = (ctx: PresentContext, screenName: string) =>
  `${ctx.origin}/n/${ctx.networkSubdomain}/members/${encodeURIComponent(screenName)}`;

export const defaultIconUrl = (ctx: PresentContext) => `${ctx.origin}/xn/static/default-user-icon.svg`;

/**
 * The member's icon as callers see it. An uploaded icon is stored as its path on this service
 * (`/xn/icons/...`) and given the service's public origin here, so it follows a change of
 * PUBLIC_URL; an icon given by URL is shown as given.
 */
export const presentIconUrl = (ctx: PresentContext, stored: string | null) =>
  stored === null ? defaultIconUrl(ctx) : stored.startsWith('/') ? `${ctx.origin}${stored}` : stored;

export const iconUrlOf = (ctx: PresentContext, person: PersonColumns) => presentIconUrl(ctx, person.iconUrl);

export function personRef<T>(person: (item: T) => PersonColumns | null): Reference<T> {
  return {
    key: (item) => person(item)?.screenName ?? null,
    sub: {
      fullName: (item) => person(item)?.fullName,
      iconUrl: (item, ctx) => {
        const p = person(item);
        return p && iconUrlOf(ctx, p);
      },
      url: (item, ctx) => {
        const p = person(item);
        return p && memberUrl(ctx, p.screenName);
      },
    },
  };
}
