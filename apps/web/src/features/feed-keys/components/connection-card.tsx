import type { FeedKeyList } from '@abode/shared/feeds/feed-keys.schema';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#src/components/ui/table.tsx';

/** The addresses a CRM is given (ADR 030): RTDF's base URL, the BLM upload and how to authenticate. */
export function feedEndpoints(origin: string) {
  return [
    { label: 'Real-time feed (RTDF v1) base URL', value: `${origin}/api/rtdf/v1/property/` },
    { label: 'BLM file upload', value: `${origin}/api/feeds/blm` },
    { label: 'Authentication header', value: 'Authorization: Bearer <key>' },
  ];
}

/**
 * What a CRM needs besides a key: the endpoints, and each branch's feed id (RTDF's `branch.branch_id`). The branches
 * are those the member manages feeds for.
 */
export function ConnectionCard({
  branches,
  origin = window.location.origin,
}: {
  branches: FeedKeyList['branches'];
  origin?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Connecting your CRM</h2>
        <CardDescription>
          Give your CRM supplier these details and a key. A CRM that already feeds Rightmove changes only the
          address and the credentials.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          {feedEndpoints(origin).map((e) => (
            <div key={e.label} className="contents">
              <dt className="text-sm font-medium">{e.label}</dt>
              <dd className="text-sm break-all">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{e.value}</code>
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">Branch feed ids</h3>
          <p className="text-sm text-muted-foreground">
            The number a real-time call sends as <code className="font-mono">branch.branch_id</code>.
          </p>
          <Table>
            <TableCaption>Branch feed ids</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="py-2">Branch</TableHead>
                <TableHead className="py-2">Feed id</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {branches.map((b) => (
                <TableRow key={b.id}>
                  <TableCell className="py-2">{b.name}</TableCell>
                  <TableCell className="py-2 font-mono">{b.feedBranchId}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </CardContent>
    </Card>
  );
}
