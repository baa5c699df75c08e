// The web app's pages. Tests render these same routes in a memory router.
import { Navigate, type RouteObject } from 'react-router-dom';
import { DEFAULT_NETWORK, paths } from '../lib/paths';
import { BlogPostPage } from './routes/blog-post';
import { HomePage } from './routes/home';
import { NetworkLayout } from './routes/network-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { SignInPage } from './routes/sign-in';
import { SignUpPage } from './routes/sign-up';
import { VisitorsOnly } from './routes/visitors-only';

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={paths.home(DEFAULT_NETWORK)} replace /> },
  {
    path: '/n/:network',
    element: <NetworkLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'tag/:tag', element: <HomePage /> },
      { path: 'blog/:id', element: <BlogPostPage /> },
      // Loaded on demand: it carries the Markdown renderer, which no other page needs.
      { path: 'api', lazy: async () => ({ Component: (await import('./routes/api-reference')).ApiReferencePage }) },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'signup', element: <SignUpPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
