import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Download } from 'lucide-react';
import {
  defaultReportRange,
  reportFilename,
  ReportRangeSchema,
  type ReportRange,
  reportUrl,
  type ReportKind,
} from '@abode/shared/agent/reports.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#src/components/ui/card.tsx';
import { FieldError } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { useLiveParse } from '#src/lib/live-form.ts';

/**
 * One CSV report (REQ-AGENT-16 Reports): From/To dates (default: the first of this month → today) and 'Download CSV',
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
  const form = useForm<ReportRange>({ defaultValues: defaultReportRange(now) });
  const { data: range, errors: problems } = useLiveParse(form.control, ReportRangeSchema);
  const errorId = `${id}-dates`;
  const message = problems.from ?? problems.to;

  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="date"
        {...form.register(name)}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={message ? `${errorId}-error` : undefined}
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
        {/* One message for the pair, named by both dates. */}
        <FieldError id={errorId} error={message} live />
      </CardContent>
      <CardFooter className="mt-auto">
        {range ? (
          <Button asChild className="w-full sm:w-auto">
            <a href={reportUrl(kind, range)} download={reportFilename(kind, range)}>
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
