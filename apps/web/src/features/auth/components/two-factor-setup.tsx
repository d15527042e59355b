import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { TwoFactorChallengeSchema } from '@abode/shared/auth/two-factor';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { startEnrolment, verifyAuthenticatorCode } from '../api/two-factor.ts';
import { BackupCodes } from './backup-codes.tsx';
import { PasswordStepForm } from './password-step-form.tsx';

type Step =
  | { name: 'password' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] };

const messageOf = (failure: unknown) => (isApiError(failure) ? failure.message : AUTH_MESSAGES.unexpected);

/** The key in an otpauth:// URI, in groups of four, for typing into an app that cannot scan. */
function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning two-factor sign-in on (ADR 031), in three steps: the password; the QR code (drawn here, never by another
 * service) or its key for the authenticator app, and the first code it shows, which turns it on; the backup codes.
 * `onDone` runs when the person has seen their backup codes.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  if (step.name === 'password')
    return <PasswordStep onStarted={(answer) => setStep({ name: 'scan', ...answer })} />;
  if (step.name === 'scan')
    return (
      <ScanStep
        totpURI={step.totpURI}
        onConfirmed={() => setStep({ name: 'codes', backupCodes: step.backupCodes })}
        onCancel={() => setStep({ name: 'password' })}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm font-medium">
        Two-factor sign-in is on. From now on you sign in with your password and a code from your app.
      </p>
      <BackupCodes codes={step.backupCodes} />
      <div>
        <Button type="button" onClick={onDone}>
          I have saved my backup codes
        </Button>
      </div>
    </div>
  );
}

function PasswordStep({
  onStarted,
}: {
  onStarted: (answer: { totpURI: string; backupCodes: string[] }) => void;
}) {
  return (
    <PasswordStepForm
      intro="You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Enter your password to begin."
      submitLabel="Set up two-factor sign-in"
      onPassword={async (password) => onStarted(await startEnrolment(password))}
    />
  );
}

function ScanStep({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(TwoFactorChallengeSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyAuthenticatorCode(code);
      onConfirmed();
    } catch (failure) {
      form.setError('code', { message: messageOf(failure) });
    }
  });
  const codeId = `${id}-code`;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Scan this QR code with your authenticator app, or type in the key below.</li>
        <li>Enter the 6-digit code the app then shows for Abode.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div
          className="rounded-lg border bg-white p-3"
          role="img"
          aria-label="QR code for your authenticator app"
        >
          <QRCodeSVG value={totpURI} size={176} marginSize={0} aria-hidden="true" />
        </div>
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Key</span>
          <code className="font-mono break-all select-text">{setupKey(totpURI)}</code>
          <span className="text-muted-foreground">Time-based, 6 digits, every 30 seconds</span>
        </div>
      </div>
      <FormField id={codeId} label="Code from the app" error={errors.code?.message}>
        <Input
          {...fieldA11y(codeId, errors.code?.message)}
          {...form.register('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          className="max-w-48 font-mono tracking-widest"
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Turn on'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
