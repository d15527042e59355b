import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { paths } from '#src/config/paths.ts';

/** An empty list on the client pages: what would be here, how to get some, and a link to the search. */
export function SearchEmptyState({
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
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Button asChild>
          <Link to={paths.searchFor()}>
            <Search aria-hidden="true" />
            {action}
          </Link>
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
