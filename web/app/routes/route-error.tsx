// Shown instead of a page that failed to render or whose code could not be loaded (after a
// new version is deployed, say), so one broken page does not blank the app.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFound } from '../../components/not-found';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
