import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  DisableTwoFactorSchema,
  TWO_FACTOR_MESSAGES,
  type DisableTwoFactorInput,
} from '@abode/shared/auth/two-factor';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { CurrentPasswordField, TextField } from '#src/components/text-field.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { regenerateBackupCodes, turnOffTwoFactor } from '../api/two-factor.ts';
import { BackupCodes } from './backup-codes.tsx';
import { PasswordStepForm } from './password-step-form.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

const messageOf = (failure: unknown) => (isApiError(failure) ? failure.message : AUTH_MESSAGES.unexpected);

/** The two-factor section as a card of its own, for the agent and admin Settings pages. */
export function TwoFactorCard() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Two-factor sign-in</h2>
        <CardDescription>A code from your phone as well as your password.</CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorSection />
      </CardContent>
    </Card>
  );
}

/**
 * Two-factor sign-in in Profile, agent Settings and admin Settings (ADR 031): whether it is on, set it up, new backup
 * codes, turn it off (password and a code). A demo account is told why it stays password-only; someone the policy
 * requires it of is told so and cannot turn it off here.
 */
export function TwoFactorSection() {
  const { me, refresh } = useAuth();
  const [settingUp, setSettingUp] = useState(false);
  const status = me?.twoFactor;
  if (!status) return null;
  if (status.demo) return <p className="text-sm text-muted-foreground">{TWO_FACTOR_MESSAGES.demoAccount}</p>;

  if (!status.enabled)
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">Off</Badge>
          <span className="text-muted-foreground">
            {status.required
              ? 'Your account must use two-factor sign-in.'
              : 'After your password, Abode will also ask for a code from an app on your phone.'}
          </span>
        </div>
        {settingUp ? (
          <TwoFactorSetup
            onDone={() => {
              setSettingUp(false);
              void refresh();
            }}
          />
        ) : (
          <div>
            <Button type="button" onClick={() => setSettingUp(true)}>
              Set up two-factor sign-in
            </Button>
          </div>
        )}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge>On</Badge>
        <span className="text-muted-foreground">
          You sign in with your password and a code from your authenticator app.
        </span>
      </div>
      <RegenerateBackupCodes />
      {status.required ? (
        <p className="text-sm text-muted-foreground">
          Your account must use two-factor sign-in, so it cannot be turned off. Lost your device? Use a backup
          code, or ask an Abode administrator to reset it.
        </p>
      ) : (
        <TurnOff onTurnedOff={() => void refresh()} />
      )}
    </div>
  );
}

function RegenerateBackupCodes() {
  const id = useId();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-medium">
        Backup codes
      </h3>
      {codes ? (
        <BackupCodes codes={codes} />
      ) : (
        <PasswordStepForm
          intro="Used some, or lost them? Make new ones: the old codes stop working."
          submitLabel="Make new backup codes"
          busyLabel="Making…"
          variant="outline"
          onPassword={async (password) => setCodes(await regenerateBackupCodes(password))}
        />
      )}
    </section>
  );
}

function TurnOff({ onTurnedOff }: { onTurnedOff: () => void }) {
  const id = useId();
  const form = useForm<DisableTwoFactorInput, unknown, { password: string; code: string }>({
    resolver: zodResolver(DisableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password, code }) => {
    try {
      await turnOffTwoFactor(password, code);
      toast.success('Two-factor sign-in is off');
      onTurnedOff();
    } catch (failure) {
      const wrongPassword = isApiError(failure) && failure.code === 'INVALID_PASSWORD';
      form.setError(wrongPassword ? 'password' : 'code', { message: messageOf(failure) });
    }
  });
  const passwordId = `${id}-password`;
  const codeId = `${id}-code`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-medium">
        Turn off
      </h3>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <CurrentPasswordField
            id={passwordId}
            label="Password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            id={codeId}
            label="Code from the app, or a backup code"
            error={errors.code?.message}
            {...form.register('code')}
            autoComplete="one-time-code"
            spellCheck={false}
            className="font-mono"
          />
        </div>
        <div>
          <Button type="submit" variant="destructive" disabled={isSubmitting}>
            {isSubmitting ? 'Turning off…' : 'Turn off two-factor sign-in'}
          </Button>
        </div>
      </form>
    </section>
  );
}
