// The web app's pages. Each page is its own chunk, loaded when first visited (or when a link
// to it is hovered); its loader starts the page's queries at the same time, with the same
// query options the page reads, so code and data arrive together. Tests render these same
// routes in a memory router.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { activityQueryFor } from '../features/activity/activity-search';
import { accountQueries } from '../features/account/api/account-queries';
import { adminQueries } from '../features/admin/api/admin-queries';
import { blogPostQueries } from '../features/blog-posts/api/blog-post-queries';
import { countFor, listFiltersFromSearch, windowFromSearch } from '../features/blog-posts/paging';
import { commentQueries } from '../features/comments/api/comment-queries';
import { featuredQueryFor } from '../features/featured/featured-tabs';
import { forumQueries } from '../features/forum/api/forum-queries';
import { topicsQueryFor } from '../features/forum/forum-search';
import { friendQueries } from '../features/friends/api/friend-queries';
import { frontPageQueries } from '../features/front-page/api/front-page-queries';
import { memberQueries, PROFILE_PHOTOS, PROFILE_POSTS } from '../features/members/api/member-queries';
import { directoryFromSearch } from '../features/members/directory';
import { moderationQueries } from '../features/moderation/api/moderation';
import { networkQueries } from '../features/network/api/network-queries';
import { photoQueries } from '../features/photos/api/photo-queries';
import { photoFiltersFromSearch } from '../features/photos/paging';
import { sessionQuery } from '../features/session/api/session-queries';
import { videoQueries } from '../features/videos/api/video-queries';
import { videosQueryFor } from '../features/videos/video-search';
import { writingQueries } from '../features/writing/api/writing-queries';
import { TAGGED_KINDS, tagQueries } from '../features/tags/api/tag-queries';
import { tagTypeOf } from '../features/tags/tag-types';
import { tabOf } from '../features/writing/my-posts-tabs';
import { paths } from '../lib/paths';
import { hasWords, searchFromUrl, searchQueries } from '../features/search/api/search-queries';
import { defaultNetwork } from './default-network';
import { NetworkLayout } from './layout/network-layout';
import { FrameSkeleton } from './layout/frame-skeleton';
import { RouteError } from './routes/route-error';

/** A route's page, loaded on demand: route modules export their page as default. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

type Prefetch = (queryClient: QueryClient, args: { network: string; params: LoaderFunctionArgs['params']; search: URLSearchParams }) => unknown;

/** A loader that starts the page's queries and lets the page render meanwhile (with skeletons). */
const prefetching = (queryClient: QueryClient, prefetch: Prefetch) => ({ params, request }: LoaderFunctionArgs) => {
  // A failed prefetch is the page's to show, when its own query fails the same way.
  void Promise.resolve(prefetch(queryClient, { network: params.network!, params, search: new URL(request.url).searchParams })).catch(() => {});
  return null;
};

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const prefetch = (p: Prefetch) => prefetching(queryClient, p);

  /** The pages of a network, one row each. */
  const networkPages: RouteObject[] = [
    {
      index: true,
      loader: prefetch((client, { network }) =>
        Promise.all([
          client.prefetchQuery(blogPostQueries.list({ network, count: 10 })),
          client.prefetchQuery(frontPageQueries.featuredPosts(network)),
          client.prefetchQuery(frontPageQueries.featuredPhotos(network)),
          client.prefetchQuery(frontPageQueries.featuredMembers(network)),
          client.prefetchQuery(frontPageQueries.recentActivity(network)),
          client.prefetchQuery(frontPageQueries.popularTags(network)),
        ]),
      ),
      lazy: page(() => import('./routes/home')),
    },
    {
      path: 'blog',
      loader: prefetch((client, { network, search }) =>
        client.prefetchQuery(blogPostQueries.list(listFiltersFromSearch(network, search))),
      ),
      lazy: page(() => import('./routes/blog')),
    },
    {
      path: 'blog/:id',
      loader: prefetch((client, { network, params }) => {
        void client.prefetchQuery(commentQueries.list(network, params.id!));
        // The author card follows the post's text: its query starts as soon as the post names its author.
        return client
          .ensureQueryData(blogPostQueries.detail(network, params.id!))
          .then((post) => client.prefetchQuery(blogPostQueries.author(network, post.entry.author)));
      }),
      lazy: page(() => import('./routes/blog-post')),
    },
    {
      path: 'blog/:id/edit',
      loader: prefetch((client, { network, params }) => {
        void client.prefetchQuery(blogPostQueries.detail(network, params.id!));
        void client.prefetchQuery(writingQueries.tagSuggestions(network));
      }),
      lazy: page(() => import('./routes/edit-post')),
    },
    {
      path: 'write',
      loader: prefetch((client, { network }) => client.prefetchQuery(writingQueries.tagSuggestions(network))),
      lazy: page(() => import('./routes/write')),
    },
    {
      path: 'my/posts',
      loader: prefetch(async (client, { network, search }) => {
        const member = await client.ensureQueryData(sessionQuery(network));
        const window = windowFromSearch(search);
        if (member) {
          await client.prefetchQuery(
            writingQueries.myPosts(network, member.author, tabOf(search).status, window.anchor, countFor(window)),
          );
        }
      }),
      lazy: page(() => import('./routes/my-posts')),
    },
    {
      path: 'photos',
      loader: prefetch((client, { network, search }) =>
        client.prefetchQuery(photoQueries.list(photoFiltersFromSearch(network, search))),
      ),
      lazy: page(() => import('./routes/photos')),
    },
    {
      path: 'photos/:id',
      loader: prefetch((client, { network, params }) => {
        void client.prefetchQuery(photoQueries.detail(network, params.id!));
        void client.prefetchQuery(commentQueries.list(network, params.id!));
      }),
      lazy: page(() => import('./routes/photo')),
    },
    {
      path: 'members',
      loader: prefetch((client, { network, search }) => client.prefetchQuery(memberQueries.directory(directoryFromSearch(network, search)))),
      lazy: page(() => import('./routes/members')),
    },
    {
      path: 'members/:screenName',
      loader: prefetch((client, { network, params }) => {
        const screenName = params.screenName!;
        void client.prefetchQuery(memberQueries.profile(network, screenName));
        void client.prefetchQuery(blogPostQueries.list({ network, author: screenName, count: PROFILE_POSTS }));
        void client.prefetchQuery(photoQueries.list({ network, author: screenName, count: PROFILE_PHOTOS }));
        void client.prefetchInfiniteQuery(memberQueries.friendsOf(network, screenName));
      }),
      lazy: page(() => import('./routes/member')),
    },
    {
      path: 'friends',
      loader: prefetch(async (client, { network }) => {
        const member = await client.ensureQueryData(sessionQuery(network));
        if (!member) return;
        for (const state of ['friend_request', 'friend', 'pending', 'blocked'] as const) {
          void client.prefetchInfiniteQuery(friendQueries.mine(network, member.author, state));
        }
      }),
      lazy: page(() => import('./routes/friends')),
    },
    {
      path: 'forum',
      loader: prefetch((client, { network, search }) =>
        Promise.all([client.prefetchQuery(forumQueries.categories(network)), client.prefetchQuery(topicsQueryFor(network, undefined, search))]),
      ),
      lazy: page(() => import('./routes/forum')),
    },
    {
      path: 'forum/new',
      loader: prefetch((client, { network }) => client.prefetchQuery(forumQueries.categories(network))),
      lazy: page(() => import('./routes/new-topic')),
    },
    {
      path: 'forum/:kind/:id',
      loader: prefetch((client, { network, params, search }) => {
        if (params.kind === 'topics') {
          void client.prefetchQuery(forumQueries.topic(network, params.id!));
          void client.prefetchQuery(commentQueries.list(network, params.id!));
        } else if (params.kind === 'categories') {
          void client.prefetchQuery(forumQueries.category(network, params.id!));
          void client.prefetchQuery(topicsQueryFor(network, params.id!, search));
        }
      }),
      lazy: page(() => import('./routes/forum-item')),
    },
    {
      path: 'forum/topics/:id/edit',
      loader: prefetch((client, { network, params }) => {
        void client.prefetchQuery(forumQueries.topic(network, params.id!));
        void client.prefetchQuery(forumQueries.categories(network));
      }),
      lazy: page(() => import('./routes/edit-topic')),
    },
    {
      path: 'videos',
      loader: prefetch((client, { network, search }) => client.prefetchQuery(videosQueryFor(network, search))),
      lazy: page(() => import('./routes/videos')),
    },
    {
      path: 'videos/new',
      loader: prefetch((client, { network }) => client.prefetchQuery(writingQueries.tagSuggestions(network))),
      lazy: page(() => import('./routes/add-video')),
    },
    {
      path: 'videos/:id',
      loader: prefetch((client, { network, params }) => {
        void client.prefetchQuery(videoQueries.detail(network, params.id!));
        void client.prefetchQuery(commentQueries.list(network, params.id!));
      }),
      lazy: page(() => import('./routes/video')),
    },
    {
      path: 'activity',
      loader: prefetch((client, { network, search }) => client.prefetchQuery(activityQueryFor(network, search))),
      lazy: page(() => import('./routes/activity')),
    },
    {
      path: 'featured',
      loader: prefetch((client, { network, search }) => client.prefetchQuery(featuredQueryFor(network, search))),
      lazy: page(() => import('./routes/featured')),
    },
    {
      path: 'tags',
      loader: prefetch((client, { network, search }) => client.prefetchQuery(tagQueries.popular(network, tagTypeOf(search).type))),
      lazy: page(() => import('./routes/tags')),
    },
    {
      path: 'tags/:tag',
      loader: prefetch((client, { network, params }) =>
        Promise.all(TAGGED_KINDS.map((kind) => client.prefetchInfiniteQuery(tagQueries.tagged(network, kind, params.tag!)))),
      ),
      lazy: page(() => import('./routes/tag')),
    },
    {
      path: 'search',
      loader: prefetch((client, { network, search }) => {
        const wanted = searchFromUrl(search);
        if (hasWords(wanted.q)) return client.prefetchQuery(searchQueries.results(network, wanted));
      }),
      lazy: page(() => import('./routes/search')),
    },
    {
      path: 'settings/profile',
      loader: prefetch((client, { network }) => client.prefetchQuery(accountQueries.profile(network))),
      lazy: page(() => import('./routes/profile-settings')),
    },
    {
      path: 'settings/tokens',
      loader: prefetch((client, { network }) => client.prefetchQuery(accountQueries.tokens(network))),
      lazy: page(() => import('./routes/access-tokens')),
    },
    {
      // Administrators' pages: their own chunks (and the layout's), never loaded by members.
      path: 'admin',
      lazy: page(() => import('./routes/admin')),
      children: [
        {
          index: true,
          loader: prefetch((client, { network }) => client.prefetchQuery(adminQueries.dashboard(network))),
          lazy: page(() => import('./routes/admin-dashboard')),
        },
        {
          path: 'queue',
          loader: prefetch((client, { network }) => client.prefetchQuery(moderationQueries.queue(network))),
          lazy: page(() => import('./routes/admin-queue')),
        },
        { path: 'members', lazy: page(() => import('./routes/admin-members')) },
        { path: 'featured', lazy: page(() => import('./routes/admin-featured')) },
        { path: 'broadcasts', lazy: page(() => import('./routes/admin-broadcasts')) },
        { path: 'settings', lazy: page(() => import('./routes/admin-settings')) },
        { path: 'audit', lazy: page(() => import('./routes/admin-audit')) },
        { path: 'keys', lazy: page(() => import('./routes/admin-keys')) },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
    { path: 'api', lazy: page(() => import('./routes/api-reference')) },
    {
      lazy: page(() => import('./routes/visitors-only')),
      children: [
        { path: 'signin', lazy: page(() => import('./routes/sign-in')) },
        { path: 'signup', lazy: page(() => import('./routes/sign-up')) },
        { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password')) },
        { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
      ],
    },
    // Links from before tags had their own page.
    { path: 'tag/:tag', loader: ({ params }) => redirect(paths.blog(params.network!, { tag: params.tag })) },
    { path: '*', lazy: page(() => import('./routes/not-found')) },
  ];

  return [
    {
      path: '/',
      loader: () => {
        const network = defaultNetwork();
        return network ? redirect(paths.home(network)) : null;
      },
      lazy: page(() => import('./routes/choose-network')),
      hydrateFallbackElement: <FrameSkeleton />,
    },
    {
      path: '/n/:network',
      element: <NetworkLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FrameSkeleton />,
      loader: prefetch((client, { network }) => {
        void client.prefetchQuery(networkQueries.detail(network));
        void client.prefetchQuery(sessionQuery(network));
      }),
      // A page that fails does so inside the frame, which keeps the header and its ways out.
      children: [{ errorElement: <RouteError />, children: networkPages }],
    },
    { path: '*', lazy: page(() => import('./routes/not-found')) },
  ];
}
