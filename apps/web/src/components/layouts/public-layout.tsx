import { Outlet, ScrollRestoration } from 'react-router';
import { SiteHeader } from '#src/components/layouts/site-header.tsx';
import { SiteFooter } from '#src/components/layouts/site-footer.tsx';

export const MAIN_CONTENT_ID = 'main-content';

/** Header, main region and footer around every public page (REQ-SITE-04). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
