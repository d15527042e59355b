import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';

/**
 * The '← {children}' link above a sub-page's heading, back to the list it belongs to (e.g. My Properties from the
 * add, edit and bulk upload pages, REQ-AGENT-09, REQ-FEED-07). Flush left with the heading.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="link" className="w-fit px-0">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" /> {children}
      </Link>
    </Button>
  );
}
