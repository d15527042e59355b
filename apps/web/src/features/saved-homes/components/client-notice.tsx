import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertCircle, Search } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

/** An empty list on the client pages: what would be here, how to get some, and a link to the search. */
export function EmptyState({
  icon,
  title,
  children,
  action = 'Search properties',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-foreground [&_svg]:size-6">
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      <Button asChild className="mt-1">
        <Link to={paths.search}>
          <Search aria-hidden="true" />
          {action}
        </Link>
      </Button>
    </div>
  );
}

/** A load that failed, with a way to try again (the toast that went with it may be gone by now). */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center"
    >
      <AlertCircle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
      <p className="flex-1 text-sm font-medium">{title}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
