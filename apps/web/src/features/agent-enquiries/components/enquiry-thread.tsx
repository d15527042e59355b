import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Send } from 'lucide-react';
import {
  AGENT_ENQUIRY_MESSAGES,
  ENQUIRY_THREAD_BODY_MAX_LENGTH,
  EnquiryThreadInputSchema,
  type AgentEnquiry,
  type EnquiryThreadInput,
  type EnquiryThreadMessage,
} from '@abode/shared/agent/enquiries.schema';
import { customerName } from '#src/components/enquiry-parts.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/components/ui/tabs.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useAddToThread, useEnquiryThread } from '../api/lead-inbox.ts';

/** One note or reply: what it is (private, or sent to the applicant), who wrote it, when, and what it says. */
function ThreadEntry({ message }: { message: EnquiryThreadMessage }) {
  const note = message.kind === 'note';
  return (
    <article
      aria-label={`${note ? 'Private note' : 'Reply sent'} by ${message.authorName}`}
      className={note ? 'rounded-md border border-dashed bg-muted/40 p-3' : 'rounded-md border bg-card p-3'}
    >
      <div className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <Badge variant={note ? 'outline' : 'secondary'}>
          {note ? <Lock aria-hidden="true" /> : <Send aria-hidden="true" />}
          {note ? 'Private note' : 'Reply sent'}
        </Badge>
        <span className="font-medium text-foreground">{message.authorName}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
    </article>
  );
}

/**
 * A note or reply form (react-hook-form with the API's own schema, EnquiryThreadInputSchema): one text area, its
 * hint, the schema's message under it, and a submit button; cleared once the server has it.
 */
function ThreadForm({
  enquiryId,
  kind,
  label,
  hint,
  submitLabel,
}: {
  enquiryId: string;
  kind: 'note' | 'reply';
  label: string;
  hint: string;
  submitLabel: string;
}) {
  const id = `${useId()}-${kind}`;
  const add = useAddToThread(kind);
  const form = useForm<EnquiryThreadInput, unknown, { body: string }>({
    resolver: zodResolver(EnquiryThreadInputSchema),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const submit = form.handleSubmit(({ body }) =>
    add.mutateAsync({ id: enquiryId, body }).then(
      () => form.reset(),
      () => undefined,
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <FormField id={id} label={label} error={error} hint={hint}>
        <Textarea
          {...fieldA11y(id, error, true)}
          {...form.register('body')}
          rows={4}
          maxLength={ENQUIRY_THREAD_BODY_MAX_LENGTH}
          aria-required
        />
      </FormField>
      <Button type="submit" className="self-end" disabled={add.isPending}>
        {add.isPending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}

/**
 * The enquiry's thread inside the branch (ADR 029): notes and replies oldest first (notes marked private, replies
 * marked sent), then a Reply tab (e-mailed to the applicant from the branch) and a Private note tab.
 */
export function EnquiryThreadPanel({ enquiry }: { enquiry: AgentEnquiry }) {
  const thread = useEnquiryThread(enquiry.id);
  const name = customerName(enquiry);
  return (
    <section aria-labelledby={`thread-${enquiry.id}`} className="flex flex-col gap-3">
      <h3 id={`thread-${enquiry.id}`} className="text-sm font-semibold">
        Notes and replies
      </h3>
      {thread.isError && !thread.data ? (
        <LoadFailed message={AGENT_ENQUIRY_MESSAGES.threadLoadFailed} onRetry={() => void thread.refetch()} />
      ) : !thread.data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading notes and replies…
        </p>
      ) : thread.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{AGENT_ENQUIRY_MESSAGES.emptyThread}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {thread.data.items.map((message) => (
            <li key={message.id}>
              <ThreadEntry message={message} />
            </li>
          ))}
        </ol>
      )}
      <Tabs defaultValue={enquiry.contactInfo.email ? 'reply' : 'note'}>
        <TabsList>
          {enquiry.contactInfo.email && <TabsTrigger value="reply">Reply</TabsTrigger>}
          <TabsTrigger value="note">Private note</TabsTrigger>
        </TabsList>
        {enquiry.contactInfo.email && (
          <TabsContent value="reply">
            <ThreadForm
              enquiryId={enquiry.id}
              kind="reply"
              label={`Reply to ${name}`}
              hint={`Sent by e-mail to ${enquiry.contactInfo.email} from your branch; their answer goes to the branch’s inbox.`}
              submitLabel="Send reply"
            />
          </TabsContent>
        )}
        <TabsContent value="note">
          <ThreadForm
            enquiryId={enquiry.id}
            kind="note"
            label="Note for your team"
            hint="Only people working in this branch see notes."
            submitLabel="Add note"
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
