import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';
import { pageTitle } from '#src/config/site.ts';
import { reportNotFound } from '#src/lib/report-not-found.ts';

/** 404 for any unknown path (REQ-SITE-02): the message, a way home, and the attempted path reported. */
export function NotFoundRoute() {
  const { pathname, search } = useLocation();
  const attempted = `${pathname}${search}`;

  useEffect(() => {
    reportNotFound(attempted);
  }, [attempted]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{pageTitle('Page not found')}</title>
      <p className="text-7xl font-bold tracking-tight text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{MESSAGES.notFoundTitle}</h1>
      <p className="mt-3 text-muted-foreground">
        There is no page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{pathname}</code>. It may have
        moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home}>{MESSAGES.returnHome}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.searchFor()}>Search properties</Link>
        </Button>
      </div>
    </div>
  );
}
