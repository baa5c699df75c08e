// Starts the web app in the browser.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import './app/styles.css';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const routes = createRoutes(queryClient);
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} routes={routes}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
