import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';
import { pageTitle } from '#src/config/site.ts';
import { reportUnhandledError } from '#src/lib/report-error.ts';

/**
 * Shown when a route throws while rendering or its code cannot be loaded (typically a stale tab after a deploy:
 * the old chunk names are gone, and reloading fetches the new ones). The error is reported as a high-severity
 * security event, like every error nothing handled (REQ-MSG-12).
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;

  useEffect(() => {
    console.error(error);
    reportUnhandledError(
      isRouteErrorResponse(error) ? { message: `${error.status} ${error.statusText}`.trim() } : error,
      { source: 'route', ...(isRouteErrorResponse(error) ? { status: error.status } : {}) },
    );
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{pageTitle('Something went wrong')}</title>
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">
        {status ? `The page could not be shown (error ${status}).` : 'The page could not be shown.'} Reloading
        usually fixes this.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home} reloadDocument>
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
