import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';

/**
 * A list with nothing to show (no favourites yet, no listings yet, no enquiries match…): an icon, a title (an h2,
 * under the page's h1), an optional sentence saying how to get some, and an optional action (a link or button).
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-foreground [&_svg]:size-6">
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <p className="max-w-md text-sm text-muted-foreground">{children}</p>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}

/**
 * A filtered list with no rows: the SearchX empty state, with a 'Clear filters' button when `onClear` is given (only
 * while some filter is set, since there is nothing to clear otherwise).
 */
export function NoMatches({
  title,
  children,
  onClear,
}: {
  title: string;
  children?: ReactNode;
  onClear?: (() => void) | false | undefined;
}) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" />}
      title={title}
      action={
        onClear && (
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        )
      }
    >
      {children}
    </EmptyState>
  );
}
