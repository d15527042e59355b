import { useParams } from 'react-router';
import { NotFoundRoute } from '#src/app/routes/not-found.tsx';

/**
 * The account and portal pages' shells (issue #3): the real layout, the page heading and one honest line. Their
 * content comes with the issues that build them.
 */
export function ShellPage({ title, intro }: { title: string; intro?: string }) {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-2">
      <title>{`${title} · Abode`}</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {intro && <p className="text-muted-foreground">{intro}</p>}
      <p className="text-sm text-muted-foreground">This page's content arrives with the next release.</p>
    </section>
  );
}

/** Admin portal pages, matched on the part after /admin/. */
const ADMIN_PAGES: [RegExp, string][] = [
  [/^(dashboard)?$/, 'Admin Dashboard'],
  [/^users$/, 'Users'],
  [/^properties$/, 'Properties'],
  [/^enquiries$/, 'Enquiries'],
  [/^analytics$/, 'Analytics'],
  [/^audit-logs$/, 'Audit Logs'],
  [/^settings$/, 'Settings'],
];

function usePortalPath(): string {
  return (useParams()['*'] ?? '').replace(/\/+$/, '');
}

function titleFor(pages: [RegExp, string][], path: string): string | undefined {
  return pages.find(([pattern]) => pattern.test(path))?.[1];
}

export function AdminPortalPage() {
  const title = titleFor(ADMIN_PAGES, usePortalPath());
  return title ? <ShellPage title={title} /> : <NotFoundRoute />;
}
