import { useEffect, useId, useLayoutEffect, useRef, type FormEvent, type RefObject } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { errorsByPath } from '#src/lib/form-errors.ts';
import { agentDisplayName } from '@abode/shared/listings/agent-display-name';
import {
  BuyerPositionFieldset,
  ViewingTimesFieldset,
  type ViewingTimeDraft,
} from '#src/features/enquiries/components/viewing-request-fields.tsx';

/** The form's fields: the contact details, and the viewing request and position (ADR 029). */
type EnquiryFields = Record<ContactField, string> & {
  wantsViewing: boolean;
  viewingTimes: ViewingTimeDraft[];
  buyerPosition: BuyerPosition[];
};

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
 * Checks the form with the API's own schema (REQ-ENQ-02; viewing times and position, ADR 029). Viewing times are sent
 * only while the box is ticked; the listing's id comes from the page.
 */
function enquiryResolver(propertyId: string): Resolver<EnquiryFields, unknown, CreateEnquiry> {
  const check = zodResolver(CreateEnquirySchema);
  return (fields, context, options) => {
    const { wantsViewing, viewingTimes, buyerPosition, ...contact } = fields;
    const input = {
      propertyId,
      ...contact,
      ...(wantsViewing ? { viewingTimes } : {}),
      ...(buyerPosition.length ? { buyerPosition } : {}),
    };
    return check(input, context, options as unknown as Parameters<typeof check>[2]) as ReturnType<
      Resolver<EnquiryFields, unknown, CreateEnquiry>
    >;
  };
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
  const form = useForm<EnquiryFields, unknown, CreateEnquiry>({
    resolver: enquiryResolver(listing.id),
    defaultValues: {
      name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      message: defaultEnquiryMessage(listing.title),
      wantsViewing: false,
      viewingTimes: [{ date: '', period: 'morning' }],
      buyerPosition: [],
    },
    // The effect below focuses the first marked field, viewing times included.
    shouldFocusError: false,
  });
  // Errors appear after the first attempt to send, then follow every change (react-hook-form's re-validation).
  const { submitCount } = form.formState;
  const errors = errorsByPath(form.formState.errors);
  // propertyId comes from the page, not the person: show its (unlikely) failure somewhere they can see.
  if (errors.propertyId && Object.keys(errors).length === 1) errors.message = MESSAGES.validation;
  const wantsViewing = useWatch({ control: form.control, name: 'wantsViewing' });
  // The Idempotency-Key of the details as they are now (null until they are first sent).
  const idempotencyKey = useRef<string | null>(null);

  // Other details are another submission: any edit needs a new Idempotency-Key.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: () => {
        idempotencyKey.current = null;
      },
    });
  }, [form]);

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

  // After a refused attempt, take the person to the first field that needs them. A layout effect: the check ends
  // after the click (the resolver is async), and the focus must move with the render that marks the field.
  useLayoutEffect(() => {
    if (submitCount) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const send = (input: CreateEnquiry) => {
    if (mutation.isPending) return;
    idempotencyKey.current ??= newIdempotencyKey();
    mutation.mutate({ input, idempotencyKey: idempotencyKey.current });
  };
  const onSubmit = (event: FormEvent) => void form.handleSubmit(send)(event);

  const field = (name: ContactField) => ({
    ...fieldA11y(`${id}-${name}`, errors[name]),
    ...form.register(name),
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
      <Controller
        control={form.control}
        name="viewingTimes"
        render={({ field: times }) => (
          <ViewingTimesFieldset
            wanted={wantsViewing}
            onWantedChange={(wanted) => {
              form.setValue('wantsViewing', wanted);
              // Ticking or unticking changes which times are checked: check the whole form again after an attempt.
              if (submitCount) void form.trigger();
            }}
            times={times.value}
            onTimesChange={times.onChange}
            errors={errors}
          />
        )}
      />
      {listing.mode === 'sale' && (
        <Controller
          control={form.control}
          name="buyerPosition"
          render={({ field: position }) => (
            <BuyerPositionFieldset
              value={position.value}
              onChange={position.onChange}
              error={Object.entries(errors).find(([path]) => path.startsWith('buyerPosition'))?.[1]}
            />
          )}
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
