// Shown instead of a page that failed to render or whose code could not be loaded, so one
// broken page does not blank the app. Code that is missing because a new version was deployed
// since the tab opened is fetched afresh by reloading the page, once.
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { isMissingCode, mayReloadForNewBuild, reloadForNewBuild } from '../new-build';

export function RouteError() {
  const error = useRouteError();
  const reloading = isMissingCode(error) && mayReloadForNewBuild();
  useEffect(() => {
    if (reloading) reloadForNewBuild();
  }, [reloading]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (reloading) {
    return (
      <p role="status" className="notice">
        Loading the latest version of the site…
      </p>
    );
  }
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
