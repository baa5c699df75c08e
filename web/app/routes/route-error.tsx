// Shown instead of a page that failed to render, so one broken page does not blank the app.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  return (
    <main id="main" className="page">
      <h1>Something went wrong</h1>
      <p role="alert">
        {isRouteErrorResponse(error) ? error.statusText : 'This page could not be shown. Try reloading it.'}
      </p>
    </main>
  );
}
