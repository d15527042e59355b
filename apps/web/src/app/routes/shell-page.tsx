import { useParams } from 'react-router';
import { useAuth } from '#src/lib/auth.tsx';
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

/** The agent dashboard greets by first name, falling back to 'Agent' (SPEC §2). */
export function AgentDashboardShell() {
  const { user } = useAuth();
  return <ShellPage title="Dashboard" intro={`Welcome back, ${user?.firstName || 'Agent'}.`} />;
}

/** Agent portal pages (SPEC §2 route table and sidebar), matched on the part after /agent/. */
const AGENT_PAGES: [RegExp, string][] = [
  [/^properties$/, 'My Properties'],
  [/^properties\/new$/, 'Add Property'],
  [/^properties\/[^/]+\/edit$/, 'Edit Property'],
  [/^enquiries$/, 'Enquiries'],
  [/^analytics$/, 'Analytics'],
  [/^reports$/, 'Reports'],
  [/^profile$/, 'Agent Profile'],
  [/^settings$/, 'Settings'],
];

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

export function AgentPortalPage() {
  const path = usePortalPath();
  if (path === '' || path === 'dashboard') return <AgentDashboardShell />;
  const title = titleFor(AGENT_PAGES, path);
  return title ? <ShellPage title={title} /> : <NotFoundRoute />;
}

export function AdminPortalPage() {
  const title = titleFor(ADMIN_PAGES, usePortalPath());
  return title ? <ShellPage title={title} /> : <NotFoundRoute />;
}
