import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { Button, type ButtonProps } from '#src/components/ui/button.tsx';

const loadDialog = () => import('./enquiry-dialog.tsx');
// The dialog, the form and zod load on first use, so search results and the home page do not pay for them.
const EnquiryDialog = lazy(() => loadDialog().then((m) => ({ default: m.EnquiryDialog })));

export interface ContactAgentListing {
  id: string;
  title: string;
  /** A sale's enquiry also asks the buyer's position (ADR 029). */
  mode: ListingSummary['mode'];
  agent: ListingSummary['agent'];
}

/**
 * 'Contact Agent' (or `children`): opens the enquiry form for `listing` in a dialog (REQ-ENQ-03). The
 * dialog code is fetched when the pointer comes near the button or it gets focus, and at the latest on click.
 */
export function ContactAgentButton({
  listing,
  size = 'default',
  variant = 'default',
  className,
  children,
}: {
  listing: ContactAgentListing;
  size?: 'sm' | 'default' | 'lg';
  /** Button style; cards use 'outline'. */
  variant?: ButtonProps['variant'];
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the closing animation and focus return work on later opens too.
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <Button
        ref={buttonRef}
        size={size}
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children ?? 'Contact Agent'}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <EnquiryDialog listing={listing} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
