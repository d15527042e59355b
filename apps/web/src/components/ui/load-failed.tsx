import { AlertCircle } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';

/**
 * A load that failed, in place of what would have been there: the REQ-ENQ-03 message (e.g. 'Failed to load
 * enquiries') and a 'Try again' button that calls `onRetry` (usually the query's refetch). It is an alert, so it is
 * announced, and it stays after the toast that went with it is gone.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center"
    >
      <AlertCircle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
      <p className="flex-1 text-sm font-medium">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
