import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CreateEnquirySchema,
  defaultEnquiryMessage,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_MESSAGES,
  ENQUIRY_NAME_MAX_LENGTH,
  type BuyerPosition,
  type ContactField,
  type CreateEnquiry,
} from '@abode/shared/enquiries/enquiry.schema';
import { contactingAgentMessage, MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { errorMessage, retryDelay } from '#src/lib/query-client.ts';
import { createEnquiry, newIdempotencyKey } from '#src/features/enquiries/api/create-enquiry.ts';
import type { ContactAgentListing } from '#src/features/enquiries/components/contact-agent-button.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { agentDisplayName } from '@abode/shared/listings/agent-display-name';
import {
  BuyerPositionFieldset,
  ViewingTimesFieldset,
  type ViewingTimeDraft,
} from '#src/features/enquiries/components/viewing-request-fields.tsx';

type Values = Record<ContactField, string>;
/** The viewing request and position (ADR 029) as the form holds them. */
interface Request {
  wantsViewing: boolean;
  viewingTimes: ViewingTimeDraft[];
  buyerPosition: BuyerPosition[];
}
/** Messages by field path: a contact field, `viewingTimes`, `viewingTimes.{i}.date`, `buyerPosition`… */
type Errors = Partial<Record<string, string>>;

/** Automatic resends of one submission after a lost answer (no answer, or a 5xx from the server or a proxy). */
const SEND_RETRIES = 2;

/**
 * Whether to send a submission again by itself: only when the answer was lost or the server failed, never after a
 * refusal (4xx). Safe because every send of one submission carries the same Idempotency-Key (REQ-ENQ-04).
 */
function shouldResend(failures: number, error: unknown): boolean {
  return failures < SEND_RETRIES && isApiError(error) && (error.status === 0 || error.status >= 500);
}

/**
 * Checks the form with the API's own schema (REQ-ENQ-02; viewing times and position, ADR 029): the data to
 * send, or one message per field path. Viewing times are sent only while the box is ticked.
 */
function validate(
  propertyId: string,
  values: Values,
  request: Request,
): { data: CreateEnquiry; errors?: undefined } | { errors: Errors } {
  const result = CreateEnquirySchema.safeParse({
    propertyId,
    ...values,
    ...(request.wantsViewing ? { viewingTimes: request.viewingTimes } : {}),
    ...(request.buyerPosition.length ? { buyerPosition: request.buyerPosition } : {}),
  });
  if (result.success) return { data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  // propertyId comes from the page, not the person: show its (unlikely) failure somewhere they can see.
  if (!Object.keys(errors).length) errors.message = MESSAGES.validation;
  return { errors };
}

/**
 * The enquiry dialog (REQ-ENQ-03): name, e-mail, optional phone and message, prefilled for signed-in users, an optional
 * viewing request (up to three preferred times) and, for a sale, the buyer's position (ADR 029), checked with the
 * shared schema (errors under each field), sent to `POST /api/enquiries`. On success it closes and shows
 * 'Contacting {agent} about {title}'; server refusals (400, 404, 409, 429) show the server's message.
 *
 * Each submission carries an Idempotency-Key (REQ-ENQ-04): made when it is first sent, kept for the automatic resends
 * and for the person pressing Send again after a lost answer (so the agent never gets it twice), and replaced once
 * the details are edited, after a refusal (nothing was made with it) and after success.
 */
export function EnquiryDialog({
  listing,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  listing: ContactAgentListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog; focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const agent = agentDisplayName(listing.agent);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Contact {agent}</DialogTitle>
          <DialogDescription>
            Send an enquiry about <span className="font-medium text-foreground">{listing.title}</span>. The
            agent will reply to you by e-mail or phone.
          </DialogDescription>
        </DialogHeader>
        <EnquiryForm listing={listing} agent={agent} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EnquiryForm({
  listing,
  agent,
  onSent,
}: {
  listing: ContactAgentListing;
  agent: string;
  onSent: () => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => ({
    name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    message: defaultEnquiryMessage(listing.title),
  }));
  const [request, setRequest] = useState<Request>({
    wantsViewing: false,
    viewingTimes: [{ date: '', period: 'morning' }],
    buyerPosition: [],
  });
  // Errors appear after the first attempt to send, then follow every keystroke.
  const [attempts, setAttempts] = useState(0);
  const attempted = attempts > 0;
  const checked = validate(listing.id, values, request);
  const errors: Errors = attempted ? (checked.errors ?? {}) : {};
  // The Idempotency-Key of the details as they are now (null until they are first sent).
  const idempotencyKey = useRef<string | null>(null);

  const mutation = useMutation({
    mutationFn: createEnquiry,
    retry: shouldResend,
    retryDelay,
    onSuccess: () => {
      idempotencyKey.current = null;
      onSent();
      toast.success(contactingAgentMessage(agent, listing.title), { description: ENQUIRY_MESSAGES.sent });
    },
    onError: (error) => {
      if (isApiError(error) && error.isClientError) idempotencyKey.current = null;
      showErrorToast(errorMessage(error), { error });
    },
  });

  // After a refused attempt, take the person to the first field that needs them.
  useEffect(() => {
    if (attempts) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setAttempts((n) => n + 1);
    if (checked.errors) return;
    idempotencyKey.current ??= newIdempotencyKey();
    mutation.mutate({ input: checked.data, idempotencyKey: idempotencyKey.current });
  };

  // Other details are another submission: they need a new Idempotency-Key, as an edited field does.
  const changeRequest = (change: Partial<Request>) => {
    idempotencyKey.current = null;
    setRequest((r) => ({ ...r, ...change }));
  };

  const field = (name: ContactField) => ({
    ...fieldA11y(`${id}-${name}`, errors[name]),
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      idempotencyKey.current = null;
      setValues((v) => ({ ...v, [name]: event.target.value }));
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        <Input {...field('name')} autoComplete="name" maxLength={ENQUIRY_NAME_MAX_LENGTH} aria-required />
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errors.email}>
        <Input {...field('email')} type="email" autoComplete="email" inputMode="email" aria-required />
      </FormField>
      <FormField id={`${id}-phone`} label="Phone (optional)" error={errors.phone}>
        <Input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" />
      </FormField>
      <FormField id={`${id}-message`} label="Message" error={errors.message}>
        <Textarea {...field('message')} rows={5} maxLength={ENQUIRY_MESSAGE_MAX_LENGTH} aria-required />
      </FormField>
      <ViewingTimesFieldset
        wanted={request.wantsViewing}
        onWantedChange={(wantsViewing) => changeRequest({ wantsViewing })}
        times={request.viewingTimes}
        onTimesChange={(viewingTimes) => changeRequest({ viewingTimes })}
        errors={errors}
      />
      {listing.mode === 'sale' && (
        <BuyerPositionFieldset
          value={request.buyerPosition}
          onChange={(buyerPosition) => changeRequest({ buyerPosition })}
          error={Object.entries(errors).find(([path]) => path.startsWith('buyerPosition'))?.[1]}
        />
      )}
      <DialogFooter>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send enquiry'}
        </Button>
      </DialogFooter>
    </form>
  );
}
