import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { ChangePasswordSchema, PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordStrengthMeter } from '#src/features/auth/components/password-strength-meter.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { changePassword } from '../api/profile.ts';
import { fieldErrors } from '../utils/field-errors.ts';
import { TextField } from './text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (issue #4) through better-auth, with the sign-up strength meter and rules (SPEC §5); the server
 * re-checks them. Other sessions are signed out; this one stays.
 */
export function PasswordSection() {
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const strength = checkPasswordStrength(fields.newPassword);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await changePassword({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      });
      setFields(EMPTY);
      toast.success(PROFILE_MESSAGES.passwordChanged);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'INVALID_PASSWORD')
        setErrors({ currentPassword: PROFILE_MESSAGES.currentPasswordWrong });
      else
        showErrorToast(PROFILE_MESSAGES.passwordChangeFailed, {
          error: failure,
          reason: isApiError(failure) ? failure.message : undefined,
        });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <TextField
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={fields.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={fields.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        describedBy={fields.newPassword ? `${id}-strength` : undefined}
      >
        {fields.newPassword && <PasswordStrengthMeter id={`${id}-strength`} result={strength} />}
      </TextField>
      <TextField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
