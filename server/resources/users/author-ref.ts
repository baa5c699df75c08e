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

export const iconUrlOf = (ctx: PresentContext, person: PersonColumns) => person.iconUrl ?? defaultIconUrl(ctx);

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
