import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TwoFactorPasswordSchema } from '@abode/shared/auth/two-factor';
import { Button } from '#src/components/ui/button.tsx';
import { CurrentPasswordField } from '#src/components/text-field.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';

/**
 * A form that asks for the account's password before a two-factor step (ADR 031: setting it up, new backup codes).
 * `onPassword` does the step; what it throws is shown under the field (the server's message for a wrong password or
 * the code limit).
 */
export function PasswordStepForm({
  intro,
  submitLabel,
  busyLabel = 'Checking…',
  variant = 'default',
  onPassword,
}: {
  intro: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  variant?: 'default' | 'outline';
  onPassword: (password: string) => Promise<void>;
}) {
  const id = useId();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(TwoFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await onPassword(password);
      form.reset();
    } catch (failure) {
      form.setError('password', {
        message: isApiError(failure) ? failure.message : AUTH_MESSAGES.unexpected,
      });
    }
  });
  const passwordId = `${id}-password`;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{intro}</p>
      <CurrentPasswordField
        id={passwordId}
        label="Password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div>
        <Button type="submit" variant={variant} disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
