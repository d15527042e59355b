import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import {
  defaultReportRange,
  reportFilename,
  ReportRangeSchema,
  reportUrl,
  type ReportKind,
} from '@abode/shared/agent/reports.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#src/components/ui/card.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';

/**
 * One CSV report (issue #5 Reports): From/To dates (default: the first of this month → today) and 'Download CSV',
 * a plain link to the API so the browser saves the attachment itself. The range is checked with the API's own
 * schema; while it is invalid the message shows under the dates and the download is disabled.
 */
export function ReportCard({
  kind,
  title,
  description,
  now = new Date(),
}: {
  kind: ReportKind;
  title: string;
  description: string;
  /** Today, for the default range (tests pin it). */
  now?: Date;
}) {
  const id = useId();
  const [range, setRange] = useState(() => defaultReportRange(now));
  const parsed = ReportRangeSchema.safeParse(range);
  const problems = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  const errorId = `${id}-error`;
  const message = problems.from ?? problems.to;

  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="date"
        value={range[name]}
        onChange={(event) => setRange((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      />
    </div>
  );

  return (
    <Card className="flex flex-col" role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex flex-col gap-4 sm:flex-row">
          {dateField('from', 'From')}
          {dateField('to', 'To')}
        </div>
        {message && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {message}
          </p>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        {parsed.success ? (
          <Button asChild className="w-full sm:w-auto">
            <a href={reportUrl(kind, parsed.data)} download={reportFilename(kind, parsed.data)}>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        ) : (
          <Button disabled className="w-full sm:w-auto">
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
