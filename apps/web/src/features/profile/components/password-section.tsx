import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import {
  ChangePasswordSchema,
  PROFILE_MESSAGES,
  type ChangePasswordInput,
} from '@abode/shared/profile/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordStrengthMeter } from '#src/components/password-strength-meter.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { changePassword } from '../api/profile.ts';
import { CurrentPasswordField, TextField } from '#src/components/text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (REQ-CLIENT) through better-auth, with the sign-up strength meter and rules (REQ-AUTH-05); the server
 * re-checks them. Other sessions are signed out; this one stays.
 */
export function PasswordSection() {
  const id = useId();
  const form = useForm<z.input<typeof ChangePasswordSchema>, unknown, ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const strength = checkPasswordStrength(newPassword);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword: password }) => {
    try {
      await changePassword({ currentPassword, newPassword: password });
      form.reset(EMPTY);
      toast.success(PROFILE_MESSAGES.passwordChanged);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'INVALID_PASSWORD')
        form.setError('currentPassword', { message: PROFILE_MESSAGES.currentPasswordWrong });
      else
        showErrorToast(PROFILE_MESSAGES.passwordChangeFailed, {
          error: failure,
          reason: isApiError(failure) ? failure.message : undefined,
        });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <CurrentPasswordField
        id={`${id}-current`}
        label="Current password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
        describedBy={newPassword ? `${id}-strength` : undefined}
      >
        {newPassword && <PasswordStrengthMeter id={`${id}-strength`} result={strength} />}
      </TextField>
      <TextField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
