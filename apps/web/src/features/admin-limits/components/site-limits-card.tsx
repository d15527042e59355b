import { describeDuration, describeRate, SITE_LIMITS_MESSAGES as T } from '@abode/shared/admin/limits.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useSiteLimits } from '#src/features/admin-limits/api/get-site-limits.ts';

/**
 * 'Rate limits' (REQ-ADMIN /admin/settings): every limit the server enforces, as a table of what is counted, how many
 * per how long, for whom, and how long a client is then refused. Tunable limits name their environment variable.
 */
export function SiteLimitsCard() {
  const limits = useSiteLimits();
  const data = limits.data;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{T.title}</h2>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {limits.isError && !data ? (
          <LoadFailed message={T.loadFailed} onRetry={() => void limits.refetch()} />
        ) : !data ? (
          <Skeleton className="h-40 w-full" aria-label="Loading rate limits" />
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="sr-only">{T.title}</caption>
              <thead className="bg-muted text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Allowed
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Then refused for
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Set by
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((l) => (
                  <tr key={l.key} className="border-t align-top">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <span className="font-medium">{l.label}</span>
                      <span className="block text-xs text-muted-foreground">per {l.per}</span>
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {describeRate(l.limit, l.windowSeconds)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {l.blockSeconds === null ? 'the rest of the window' : describeDuration(l.blockSeconds)}
                    </td>
                    <td className="px-3 py-2">
                      {l.envVar ? (
                        <code className="rounded bg-muted px-1.5 py-0.5 text-xs break-all">{l.envVar}</code>
                      ) : (
                        <Badge variant="outline">Fixed (SPEC)</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
