import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  JoinAccountInputSchema,
  type JoinAccountFormInput,
  type JoinAccountInput,
} from '@abode/shared/agency/team.schema';
import {
  NAME_MAX_LENGTH,
  SignInInputSchema,
  type SignInFormInput,
  type SignInInput,
} from '@abode/shared/auth/auth.schema';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { paths } from '#src/config/paths.ts';
import { PasswordStrengthMeter } from '#src/components/password-strength-meter.tsx';

/** The invitation's address, shown (not editable) and offered to password managers as the account's name. */
function InvitedEmail({ id, email }: { id: string; email: string }) {
  return (
    <FormField id={`${id}-email`} label="E-mail" hint="The address the invitation was sent to.">
      <Input
        type="email"
        autoComplete="username"
        readOnly
        value={email}
        className="bg-muted"
        {...fieldA11y(`${id}-email`, undefined, true)}
      />
    </FormField>
  );
}

/**
 * The short sign-up of an invitee without an account (REQ-AUTH-02, the shared schema): names and a password;
 * the address is the invitation's, already proven by the link.
 */
export function JoinAccountForm({
  email,
  onSubmit,
}: {
  email: string;
  onSubmit: (account: JoinAccountInput) => Promise<void>;
}) {
  const id = useId();
  const form = useForm<JoinAccountFormInput, unknown, JoinAccountInput>({
    resolver: zodResolver(JoinAccountInputSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const strength = checkPasswordStrength(password);
  const submit = form.handleSubmit(onSubmit);
  return (
    <form
      noValidate
      aria-label="Create your account"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <InvitedEmail id={id} email={email} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-first`} label="First name" required error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            required
            {...fieldA11y(`${id}-first`, errors.firstName?.message)}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id={`${id}-last`} label="Last name (optional)" error={errors.lastName?.message}>
          <Input
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            {...fieldA11y(`${id}-last`, errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <FormField id={`${id}-password`} label="Password" required error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          {...fieldA11y(`${id}-password`, errors.password?.message)}
          aria-describedby={
            [errors.password ? `${id}-password-error` : '', password || isSubmitted ? `${id}-strength` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...form.register('password')}
        />
      </FormField>
      {(password || isSubmitted) && <PasswordStrengthMeter id={`${id}-strength`} result={strength} />}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account and join'}
      </Button>
    </form>
  );
}

/** Sign-in for an invitee whose address has an account: their password, then the invitation can be accepted. */
export function JoinSignInForm({
  email,
  onSignIn,
}: {
  email: string;
  onSignIn: (password: string) => Promise<void>;
}) {
  const id = useId();
  // The sign-in's own rules (REQ-AUTH-03); the address is the invitation's.
  const form = useForm<SignInFormInput, unknown, SignInInput>({
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email, password: '' },
  });
  const { errors, isSubmitting: busy } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const submit = form.handleSubmit(({ password: typed }) => onSignIn(typed));
  const passwordError = errors.password?.message;
  return (
    <form
      noValidate
      aria-label="Sign in to accept"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <InvitedEmail id={id} email={email} />
      <FormField id={`${id}-password`} label="Password" required error={passwordError}>
        <Input
          type="password"
          autoComplete="current-password"
          required
          {...fieldA11y(`${id}-password`, passwordError)}
          {...form.register('password')}
        />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" disabled={busy || !password}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link to={paths.auth} className="text-sm text-primary underline-offset-4 hover:underline">
          Forgotten your password?
        </Link>
      </div>
    </form>
  );
}
