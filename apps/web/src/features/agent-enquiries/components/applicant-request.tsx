import { CalendarClock } from 'lucide-react';
import type { AgentEnquiry } from '@abode/shared/agent/enquiries.schema';
import { BUYER_POSITION_LABELS, formatViewingTime } from '@abode/shared/enquiries/enquiry.schema';

/**
 * What the applicant asked for besides their message (ADR 029): their preferred viewing times and, for a sale, their
 * position, as description-list rows of the enquiry's details. Nothing when they gave neither.
 */
export function ApplicantRequest({
  enquiry,
}: {
  enquiry: Pick<AgentEnquiry, 'viewingTimes' | 'buyerPosition'>;
}) {
  const times = enquiry.viewingTimes ?? [];
  return (
    <>
      {times.length > 0 && (
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Viewing requested</dt>
          <dd>
            <ul className="flex flex-col gap-1">
              {times.map((time) => (
                <li key={`${time.date}-${time.period}`} className="flex items-center gap-2">
                  <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
                  <time dateTime={time.date}>{formatViewingTime(time)}</time>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {enquiry.buyerPosition.length > 0 && (
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Position</dt>
          <dd>
            <ul className="flex flex-wrap gap-1.5">
              {enquiry.buyerPosition.map((position) => (
                <li key={position} className="rounded-full border px-2.5 py-0.5 text-xs font-medium">
                  {BUYER_POSITION_LABELS[position]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </>
  );
}
