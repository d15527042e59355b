import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordStrengthResult } from '@abode/shared/auth/password';
import { PASSWORD_MESSAGES } from '@abode/shared/auth/password';
import { fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { cn } from '#src/lib/utils.ts';

const LABEL = { weak: 'Weak', medium: 'Medium', strong: 'Strong' } as const;
const BAR = { weak: 'bg-destructive', medium: 'bg-amber-500', strong: 'bg-emerald-600' } as const;

/** REQ-AUTH-05 strength meter: a bar at 25/65/100 %, the label, the list of unmet rules or the all-clear line. */
export function PasswordStrengthMeter({ result, id }: { result: PasswordStrengthResult; id?: string }) {
  return (
    <div id={id} className="flex flex-col gap-1.5" aria-live="polite">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">Password strength</span>
        <span
          className={cn(
            'font-medium',
            result.strength === 'weak' && 'text-destructive',
            result.strength === 'medium' && 'text-amber-700',
            result.strength === 'strong' && 'text-emerald-700',
          )}
        >
          {LABEL[result.strength]}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={result.percent}
        aria-valuetext={`${LABEL[result.strength]} (${result.percent}%)`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-all', BAR[result.strength])}
          style={{ width: `${result.percent}%` }}
        />
      </div>
      {result.isValid ? (
        <p className="text-xs text-emerald-700">{PASSWORD_MESSAGES.valid}</p>
      ) : (
        <ul className="list-disc pl-4 text-xs text-destructive">
          {result.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A new password's box with its meter (sign-up and reset, REQ-AUTH-05): the meter (`{idPrefix}-strength`, describing
 * the box `{idPrefix}-password`) shows once something is typed or after a refused `attempted` submit, which also marks
 * a password that misses the rules invalid. `field` is the form's registration of the password.
 */
export function NewPasswordField({
  idPrefix,
  label,
  password,
  strength,
  attempted,
  required,
  field,
}: {
  idPrefix: string;
  label: string;
  password: string;
  strength: PasswordStrengthResult;
  attempted: boolean;
  required?: boolean;
  field: UseFormRegisterReturn;
}) {
  const meterShown = Boolean(password) || attempted;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${idPrefix}-password`}>{label}</Label>
      <Input
        type="password"
        autoComplete="new-password"
        required={required}
        {...fieldA11y(
          `${idPrefix}-password`,
          undefined,
          false,
          meterShown ? `${idPrefix}-strength` : undefined,
        )}
        aria-invalid={attempted && !strength.isValid ? true : undefined}
        {...field}
      />
      {meterShown && <PasswordStrengthMeter id={`${idPrefix}-strength`} result={strength} />}
    </div>
  );
}
