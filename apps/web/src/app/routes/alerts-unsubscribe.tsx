import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ALERT_MESSAGES,
  UnsubscribeResultSchema,
  type UnsubscribeResult,
} from '@abode/shared/alerts/alerts.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { errorMessage } from '#src/lib/query-client.ts';

const PATH = '/api/alerts/unsubscribe';

/** A 404 means the token is unknown: the link is wrong or its saved search was deleted. */
const messageFor = (error: unknown) =>
  isApiError(error) && error.status === 404 ? ALERT_MESSAGES.invalidToken : errorMessage(error);

/**
 * /alerts/unsubscribe?token=… — where an alert e-mail's unsubscribe link lands (REQ-CLIENT-10). Works signed out.
 * Shows which saved search the link is for and unsubscribes only on the button (a POST), so mail scanners that
 * open links do not unsubscribe anyone.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const search = useQuery({
    queryKey: ['alerts', 'unsubscribe', token],
    queryFn: ({ signal }) => apiRequest(PATH, { params: { token }, schema: UnsubscribeResultSchema, signal }),
    enabled: token !== '',
    staleTime: Infinity,
  });
  const unsubscribe = useMutation<UnsubscribeResult>({
    mutationFn: () => apiRequest(PATH, { method: 'POST', body: { token }, schema: UnsubscribeResultSchema }),
  });

  let body;
  if (!token) {
    body = <p role="alert">{ALERT_MESSAGES.invalidToken}</p>;
  } else if (search.isPending) {
    body = <Spinner label="Checking your link…" className="py-8" />;
  } else if (search.isError) {
    body = <p role="alert">{messageFor(search.error)}</p>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <>
        <p role="status">
          You will no longer receive e-mail alerts for <strong>{unsubscribe.data.label}</strong>.
        </p>
        <p className="text-sm text-muted-foreground">
          The search itself is still saved: you can switch its alerts back on at any time.
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Stop e-mail alerts for your saved search <strong>{search.data.label}</strong>?
        </p>
        {unsubscribe.isError && <p role="alert">{messageFor(unsubscribe.error)}</p>}
        <Button
          className="self-start"
          onClick={() => unsubscribe.mutate()}
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending}
        >
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </>
    );
  }

  return (
    <div className="flex justify-center px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <title>Unsubscribe from alerts · Abode</title>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">E-mail alerts</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {body}
          <Link to={paths.savedSearches} className="text-sm text-primary underline-offset-4 hover:underline">
            Manage your saved searches
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
