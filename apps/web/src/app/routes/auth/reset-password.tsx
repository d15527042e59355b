import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, ResetPasswordSchema, type ResetPasswordInput } from '@abode/shared/auth/auth.schema';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { loadAuthClient } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';
import { NewPasswordField } from '#src/components/password-strength-meter.tsx';
import { enterChecksForm } from '#src/features/auth/utils/enter-checks-form.ts';
import { authErrorMessage } from '#src/lib/auth-error.ts';

/** /auth/reset-password?token=… : choose a new password (same rules and meter as sign-up), then sign in. */
export function ResetPasswordRoute() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { newPassword: '' },
  });
  const { isSubmitting: submitting, isSubmitted, isSubmitSuccessful } = form.formState;
  const password = useWatch({ control: form.control, name: 'newPassword' });
  const strength = checkPasswordStrength(password);
  // After Enter with a password that does not meet the rules: they show (even while it is empty) and it is marked.
  const attempted = isSubmitted && !isSubmitSuccessful;

  const onSubmit = form.handleSubmit(
    async ({ newPassword }) => {
      if (!token) return;
      try {
        const client = await loadAuthClient();
        const { error } = await client.resetPassword({ newPassword, token });
        if (error) toast.error('Error', { description: authErrorMessage(error) });
        else setDone(true);
      } catch {
        toast.error('Error', { description: AUTH_MESSAGES.unexpected });
      }
    },
    () => toast.error('Error', { description: AUTH_MESSAGES.signUpPasswordRequirements }),
  );

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <title>Reset password · Abode</title>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
          {!done && token && <CardDescription>Choose a new password for your account.</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {done ? (
            <>
              <p role="status">Your password has been changed. You can now sign in with it.</p>
              <Button asChild>
                <Link to={paths.auth}>Sign In</Link>
              </Button>
            </>
          ) : !token || linkError ? (
            <>
              <p role="alert">
                This reset link is invalid or has expired. Ask for a new one from the sign-in page.
              </p>
              <Button asChild variant="outline">
                <Link to={paths.auth}>Back to sign in</Link>
              </Button>
            </>
          ) : (
            <form
              noValidate
              onSubmit={(event) => void onSubmit(event)}
              // The button stays disabled until the password is valid, so Enter checks it instead (REQ-AUTH).
              onKeyDown={(event) =>
                enterChecksForm(event, !strength.isValid && !submitting, () => void onSubmit())
              }
              className="flex flex-col gap-4"
            >
              <NewPasswordField
                idPrefix={id}
                label="New password"
                password={password}
                strength={strength}
                attempted={attempted}
                field={form.register('newPassword')}
              />
              <Button type="submit" disabled={!strength.isValid || submitting}>
                {submitting ? 'Saving…' : 'Set new password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
