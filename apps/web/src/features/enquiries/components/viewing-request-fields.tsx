import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import {
  BUYER_POSITION_LABELS,
  BUYER_POSITIONS,
  VIEWING_DAYS_AHEAD,
  VIEWING_PERIOD_LABELS,
  VIEWING_PERIODS,
  VIEWING_TIMES_MAX,
  viewingDayRange,
  type BuyerPosition,
  type ViewingPeriod,
} from '@abode/shared/enquiries/enquiry.schema';
import { Button } from '#src/components/ui/button.tsx';
import { FieldError } from '#src/components/ui/form-field.tsx';
import { fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';

/** One row of the form: a day (YYYY-MM-DD, '' until picked) and a part of it. */
export interface ViewingTimeDraft {
  date: string;
  period: ViewingPeriod;
}

const PERIOD_OPTIONS = VIEWING_PERIODS.map((p) => ({ value: p, label: VIEWING_PERIOD_LABELS[p] }));

/**
 * "I'd like to arrange a viewing" (ADR 029): a tick box that opens up to three preferred times, each a day from
 * tomorrow to 60 days ahead (the date picker offers no other) and morning, afternoon or evening. `errors` are the
 * schema's messages keyed `viewingTimes.{i}.date` / `.period` (and `viewingTimes` for the whole list).
 */
export function ViewingTimesFieldset({
  wanted,
  onWantedChange,
  times,
  onTimesChange,
  errors,
}: {
  wanted: boolean;
  onWantedChange: (wanted: boolean) => void;
  times: ViewingTimeDraft[];
  onTimesChange: (times: ViewingTimeDraft[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const id = useId();
  const { min, max } = viewingDayRange();
  const change = (index: number, part: Partial<ViewingTimeDraft>) =>
    onTimesChange(times.map((t, i) => (i === index ? { ...t, ...part } : t)));
  const listError = errors.viewingTimes;

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="sr-only">Viewing</legend>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={wanted}
          onChange={(event) => onWantedChange(event.target.checked)}
        />
        I’d like to arrange a viewing
      </label>
      {wanted && (
        <>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Up to {VIEWING_TIMES_MAX} times that suit you, from tomorrow up to {VIEWING_DAYS_AHEAD} days
            ahead.
          </p>
          <ol className="flex flex-col gap-3">
            {times.map((time, index) => {
              const n = index + 1;
              const dateId = `${id}-date-${index}`;
              const periodId = `${id}-period-${index}`;
              const dateError = errors[`viewingTimes.${index}.date`];
              const periodError = errors[`viewingTimes.${index}.period`];
              return (
                <li key={index}>
                  <div
                    role="group"
                    aria-label={`Viewing time ${n}`}
                    className="grid grid-cols-[1fr_1fr_auto] items-end gap-2"
                  >
                    <div className="flex min-w-0 flex-col gap-1.5">
                      <Label htmlFor={dateId}>Date</Label>
                      <Input
                        {...fieldA11y(dateId, dateError)}
                        // The error first, then the shared hint on the days allowed.
                        aria-describedby={[dateError ? `${dateId}-error` : '', `${id}-hint`].join(' ').trim()}
                        type="date"
                        min={min}
                        max={max}
                        value={time.date}
                        onChange={(event) => change(index, { date: event.target.value })}
                      />
                    </div>
                    <div className="flex min-w-0 flex-col gap-1.5">
                      <Label htmlFor={periodId}>Time of day</Label>
                      <Select
                        {...fieldA11y(periodId, periodError)}
                        options={PERIOD_OPTIONS}
                        value={time.period}
                        onValueChange={(value) => change(index, { period: value as ViewingPeriod })}
                      />
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove viewing time ${n}`}
                      disabled={times.length === 1}
                      onClick={() => onTimesChange(times.filter((_, i) => i !== index))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                  <FieldError id={dateId} error={dateError} className="mt-1" />
                  <FieldError id={periodId} error={periodError} className="mt-1" />
                </li>
              );
            })}
          </ol>
          <FieldError id={`${id}-times`} error={listError} />
          {times.length < VIEWING_TIMES_MAX && (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => onTimesChange([...times, { date: '', period: 'morning' }])}
            >
              <Plus aria-hidden="true" /> Add another time
            </Button>
          )}
        </>
      )}
    </fieldset>
  );
}

/** "Your position" for a sale (ADR 029): the buyer ticks any that apply, as UK portals ask. */
export function BuyerPositionFieldset({
  value,
  onChange,
  error,
}: {
  value: readonly BuyerPosition[];
  onChange: (value: BuyerPosition[]) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
    >
      <legend className="mb-1.5 text-sm font-medium">Your position</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {BUYER_POSITIONS.map((position) => (
          <label key={position} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(position)}
              onChange={(event) =>
                onChange(
                  BUYER_POSITIONS.filter((p) => (p === position ? event.target.checked : value.includes(p))),
                )
              }
            />
            {BUYER_POSITION_LABELS[position]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Optional. Tick any that apply: it helps the agent plan viewings.
      </p>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
