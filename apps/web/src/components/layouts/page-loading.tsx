import { SiteHeader } from '#src/components/layouts/site-header.tsx';

/**
 * Shown on the very first load while the landing page's code arrives: the real header, so the page does not
 * jump when the content appears, and a quiet spinner.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <div role="status" className="flex flex-1 items-center justify-center py-24">
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-4 border-brand-soft border-t-primary"
        />
        <span className="sr-only">Loading…</span>
      </div>
    </div>
  );
}
