import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '#src/components/ui/card.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { formatTimestamp } from '#src/lib/format.ts';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

async function fetchOutbox(signal: AbortSignal): Promise<OutboxMessage[] | null> {
  const response = await fetch('/api/dev/mail', { headers: { Accept: 'application/json' }, signal });
  // Production has no outbox: the route is simply absent.
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api/dev/mail answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its URLs made into links (the confirmation and reset links a tester clicks). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** /dev/mail (development and test only): the outbox, newest first. */
export function DevMailRoute() {
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['dev-mail'],
    queryFn: ({ signal }) => fetchOutbox(signal),
    staleTime: 0,
    refetchInterval: 5000,
  });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <title>Outbox · Abode (development)</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Outbox</h1>
        <p className="text-sm text-muted-foreground">
          E-mails the app would have sent (development and test only), newest first.
        </p>
      </div>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">Could not read the outbox: {error.message}</p>
      ) : data === null ? (
        <p>The outbox is not available on this server.</p>
      ) : data.length === 0 ? (
        <p>No e-mails yet.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {data.map((message, index) => (
            <li key={`${message.createdAt}-${index}`}>
              <Card>
                <CardHeader className="gap-1">
                  <CardTitle>{message.subject}</CardTitle>
                  <p className="text-sm text-muted-foreground">
                    To {message.to} ·{' '}
                    <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>
                  </p>
                </CardHeader>
                <CardContent>
                  <Linkified text={message.text} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
