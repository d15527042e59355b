import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BackupCodeChallengeSchema,
  TRUSTED_DEVICE_DAYS,
  TwoFactorChallengeSchema,
} from '@abode/shared/auth/two-factor';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { verifyAuthenticatorCode, verifyBackupCode } from '../api/two-factor.ts';

type Values = { code: string; trustDevice?: boolean | undefined };

/**
 * A sign-in's second step (ADR 031): the 6-digit code of the authenticator app, or one of the backup codes, with
 * 'Trust this device for 30 days'. `onSignedIn` runs once the session is open; `onCancel` goes back to the password.
 */
export function TwoFactorChallenge({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: () => Promise<void> | void;
  onCancel: () => void;
}) {
  const id = useId();
  const [backup, setBackup] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(backup ? BackupCodeChallengeSchema : TwoFactorChallengeSchema),
    defaultValues: { code: '', trustDevice: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    try {
      await (backup ? verifyBackupCode : verifyAuthenticatorCode)(code, trustDevice ?? false);
      await onSignedIn();
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : AUTH_MESSAGES.unexpected;
      form.setError('code', { message });
      if (isApiError(failure) && failure.code === 'INVALID_TWO_FACTOR_COOKIE') onCancel();
    }
  });

  const codeId = `${id}-code`;
  const switchKind = () => {
    setBackup((value) => !value);
    form.reset({ code: '', trustDevice: form.getValues('trustDevice') });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Two-factor sign-in"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          {backup
            ? 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Abode.'}
        </p>
      </div>
      <FormField
        id={codeId}
        label={backup ? 'Backup code' : 'Authentication code'}
        error={errors.code?.message}
      >
        <Input
          {...fieldA11y(codeId, errors.code?.message)}
          {...form.register('code')}
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoFocus
          spellCheck={false}
          placeholder={backup ? 'abcde-12345' : '123456'}
          className="font-mono tracking-widest"
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('trustDevice')} />
        Trust this device for {TRUSTED_DEVICE_DAYS} days
      </label>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={switchKind}>
          {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
        </Button>
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onCancel}>
          Back to sign-in
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Lost your device and your backup codes? Contact an Abode administrator: they can reset two-factor
        sign-in once they have checked it is you.
      </p>
    </form>
  );
}
