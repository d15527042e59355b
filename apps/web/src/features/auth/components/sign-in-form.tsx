import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AUTH_MESSAGES,
  PasswordResetRequestSchema,
  SignInInputSchema,
  type PasswordResetRequestInput,
  type SignInFormInput,
  type SignInInput,
} from '@abode/shared/auth/auth.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { homeFor, loadAuthClient, useAuth } from '#src/lib/auth.tsx';
import { firstErrorMessage } from '#src/lib/form-errors.ts';
import { paths } from '#src/config/paths.ts';
import { useAuthDraftForm } from '#src/features/auth/hooks/use-auth-draft.tsx';
import { TwoFactorChallenge } from '#src/features/auth/components/two-factor-challenge.tsx';
import { authErrorMessage } from '#src/lib/auth-error.ts';

/** A refused form's first problem, as the sign-in forms show it (REQ-MSG-07: a toast titled 'Error'). */
const toastFirstProblem = (errors: Parameters<typeof firstErrorMessage>[0]) =>
  toast.error('Error', { description: firstErrorMessage(errors) ?? AUTH_MESSAGES.unexpected });

/** REQ-AUTH-08: the redirect after a successful sign-in waits 100 ms (the toast is seen first). */
export const POST_SIGN_IN_DELAY_MS = 100;

/**
 * Sign-in tab (REQ-AUTH-03, REQ-MSG-01 messages), with 'Forgot password?' and 'Resend confirmation e-mail'. An
 * account with two-factor sign-in on is then asked for its code (ADR 031) before the session opens.
 */
export function SignInForm() {
  const id = useId();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  // Kept while /auth is open, so a look at the Sign Up tab does not clear them.
  const form = useAuthDraftForm<SignInFormInput, SignInInput>('sign-in', {
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email: '', password: '' },
    // The first problem is a toast (REQ-SITE-11), not a focused field.
    shouldFocusError: false,
  });
  const submitting = form.formState.isSubmitting;
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [secondStep, setSecondStep] = useState(false);

  /** The session is open: say so, then go to the user's home (or, when required, to the two-factor setup). */
  const finish = async () => {
    // Signed in only once the session can be read back: a malformed answer is an unexpected error, not a success.
    const me = await refresh();
    if (!me) throw new Error('No session after sign-in');
    form.setValue('password', '');
    toast.success(AUTH_MESSAGES.signInSuccess);
    setTimeout(() => void navigate(homeFor(me), { replace: true }), POST_SIGN_IN_DELAY_MS);
  };

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setUnverifiedEmail(null);
    try {
      const client = await loadAuthClient();
      const { data, error } = await client.signIn.email({ email, password });
      if (error) {
        if (error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(email);
        toast.error(AUTH_MESSAGES.signInFailedTitle, { description: authErrorMessage(error) });
        return;
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setSecondStep(true);
        return;
      }
      await finish();
    } catch {
      toast.error('Error', { description: AUTH_MESSAGES.unexpected });
    }
  }, toastFirstProblem);

  const resend = async () => {
    if (!unverifiedEmail) return;
    try {
      const client = await loadAuthClient();
      const { error } = await client.sendVerificationEmail({
        email: unverifiedEmail,
        callbackURL: paths.verified,
      });
      if (error) toast.error('Error', { description: authErrorMessage(error) });
      else
        toast.success('Confirmation e-mail sent', { description: `Check ${unverifiedEmail} for the link.` });
    } catch {
      toast.error('Error', { description: AUTH_MESSAGES.unexpected });
    }
  };

  if (secondStep)
    return (
      <TwoFactorChallenge
        onSignedIn={async () => {
          try {
            await finish();
          } catch {
            toast.error('Error', { description: AUTH_MESSAGES.unexpected });
          }
        }}
        onCancel={() => setSecondStep(false)}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} type="email" autoComplete="email" {...form.register('email')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              aria-expanded={forgotOpen}
              onClick={() => setForgotOpen((open) => !open)}
            >
              Forgot password?
            </Button>
          </div>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>

      {unverifiedEmail && (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p>Your e-mail address is not confirmed yet. Follow the link we sent to {unverifiedEmail}.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void resend()}>
            Resend confirmation e-mail
          </Button>
        </div>
      )}

      {forgotOpen && <ForgotPasswordForm initialEmail={form.getValues('email') ?? ''} />}
    </div>
  );
}

/** Requests the reset e-mail; always answers with the same neutral text (no account enumeration). */
function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const form = useForm<PasswordResetRequestInput, unknown, { email: string }>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: initialEmail },
    shouldFocusError: false,
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const client = await loadAuthClient();
      const { error } = await client.requestPasswordReset({ email, redirectTo: paths.resetPassword });
      // Only a rate limit or an outage is worth saying; 'no such account' is never told.
      if (error && (error.status === 429 || error.status >= 500)) {
        toast.error('Error', { description: authErrorMessage(error) });
        return;
      }
      setSent(true);
    } catch {
      toast.error('Error', { description: AUTH_MESSAGES.unexpected });
    }
  }, toastFirstProblem);

  return (
    <form
      noValidate
      aria-label="Reset your password"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 rounded-md border bg-muted/50 p-4"
    >
      <Label htmlFor={`${id}-email`}>E-mail for the reset link</Label>
      <Input id={`${id}-email`} type="email" autoComplete="email" {...form.register('email')} />
      <Button type="submit" variant="secondary" disabled={submitting}>
        {submitting ? 'Sending…' : 'Send reset link'}
      </Button>
      {sent && (
        <p role="status" className="text-sm text-muted-foreground">
          {AUTH_MESSAGES.passwordResetSent}
        </p>
      )}
    </form>
  );
}
