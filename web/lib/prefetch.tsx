// Prefetching on intent: when a pointer rests on a link or it gets focus, the page it leads
// to starts loading — its code (the route's lazy module) and its data (the route's loader,
// which prefetches the same query options the page reads) — before the click.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { Link, matchRoutes, NavLink, type LinkProps, type NavLinkProps, type RouteObject } from 'react-router-dom';

type Prefetch = (to: string) => void;

const PrefetchContext = createContext<Prefetch>(() => {});

export function prefetcherFor(routes: RouteObject[]): Prefetch {
  return (to) => {
    const url = new URL(to, 'http://app.invalid');
    for (const { route, params } of matchRoutes(routes, url.pathname) ?? []) {
      if (typeof route.lazy === 'function') void route.lazy();
      if (typeof route.loader === 'function') {
        void Promise.resolve(route.loader({ params, request: new Request(url), context: undefined } as never));
      }
    }
  };
}

export function PrefetchProvider({ routes, children }: { routes: RouteObject[]; children: ReactNode }) {
  const prefetch = useMemo(() => prefetcherFor(routes), [routes]);
  return <PrefetchContext value={prefetch}>{children}</PrefetchContext>;
}

/** Handlers that prefetch `to` on hover, focus or touch; spread them on any link. */
export function usePrefetchOnIntent(to: string) {
  const prefetch = useContext(PrefetchContext);
  const start = useCallback(() => prefetch(to), [prefetch, to]);
  return { onMouseEnter: start, onFocus: start, onTouchStart: start };
}

export function PrefetchLink(props: LinkProps & { to: string }) {
  return <Link {...usePrefetchOnIntent(props.to)} {...props} />;
}

export function PrefetchNavLink(props: NavLinkProps & { to: string }) {
  return <NavLink {...usePrefetchOnIntent(props.to)} {...props} />;
}
