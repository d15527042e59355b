import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RadioGroup } from 'radix-ui';
import { toast } from 'sonner';
import {
  AUTH_MESSAGES,
  NAME_MAX_LENGTH,
  SignUpInputSchema,
  type SignUpFormInput,
  type SignUpInput,
} from '@abode/shared/auth/auth.schema';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { Button } from '#src/components/ui/button.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { loadAuthClient } from '#src/lib/auth.tsx';
import { firstErrorMessage } from '#src/lib/form-errors.ts';
import { paths } from '#src/config/paths.ts';
import { NewPasswordField } from '#src/components/password-strength-meter.tsx';
import { useAuthDraftForm } from '#src/features/auth/hooks/use-auth-draft.tsx';
import { enterChecksForm } from '#src/features/auth/utils/enter-checks-form.ts';
import { authErrorMessage } from '#src/lib/auth-error.ts';

type Role = 'client' | 'agent';

const ROLES: { value: Role; label: string; hint: string }[] = [
  { value: 'client', label: 'Client', hint: 'Looking for property to buy or rent' },
  { value: 'agent', label: 'Agent', hint: 'Estate agent or landlord' },
];

const EMPTY = { firstName: '', lastName: '', email: '', password: '', role: 'client' as Role };

/** Sign-up tab (REQ-AUTH-01, REQ-AUTH-02 and Password strength, REQ-MSG-01 messages). */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const id = useId();
  // Kept while /auth is open, so a look at the Sign In tab does not clear them.
  const form = useAuthDraftForm<SignUpFormInput, SignUpInput>('sign-up', {
    resolver: zodResolver(SignUpInputSchema),
    defaultValues: EMPTY,
    // The first problem is a toast (REQ-SITE-11); only a weak password takes the focus.
    shouldFocusError: false,
  });
  const { isSubmitting: submitting, isSubmitted } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const strength = checkPasswordStrength(password);
  // After a refused attempt the password's unmet rules show (even while it is empty) and it is marked invalid.
  const attempted = isSubmitted && !form.formState.isSubmitSuccessful;

  const onSubmit = form.handleSubmit(
    async (data) => {
      try {
        const client = await loadAuthClient();
        const input = {
          ...data,
          lastName: data.lastName ?? '',
          name: [data.firstName, data.lastName].filter(Boolean).join(' '),
          callbackURL: paths.verified,
        };
        // firstName, lastName and role are the server's additional user fields.
        const { error } = await client.signUp.email(input as Parameters<typeof client.signUp.email>[0]);
        if (error) {
          toast.error(AUTH_MESSAGES.signUpFailedTitle, { description: authErrorMessage(error) });
          return;
        }
        toast.success(AUTH_MESSAGES.signUpSuccess);
        form.reset(EMPTY);
        onSignedUp();
      } catch {
        toast.error('Error', { description: AUTH_MESSAGES.unexpected });
      }
    },
    (errors) => {
      toast.error('Error', { description: firstErrorMessage(errors) ?? AUTH_MESSAGES.unexpected });
      if (!strength.isValid) form.setFocus('password');
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // Create Account stays disabled until the password is valid (REQ-AUTH-01), so Enter checks the form instead.
      onKeyDown={(event) => enterChecksForm(event, !strength.isValid && !submitting, () => void onSubmit())}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-first`}>First name</Label>
          <Input
            id={`${id}-first`}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            required
            {...form.register('firstName')}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-last`}>Last name (optional)</Label>
          <Input
            id={`${id}-last`}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            {...form.register('lastName')}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} type="email" autoComplete="email" required {...form.register('email')} />
      </div>
      <NewPasswordField
        idPrefix={id}
        label="Password"
        password={password}
        strength={strength}
        attempted={attempted}
        required
        field={form.register('password')}
      />
      <div className="flex flex-col gap-2">
        <span id={`${id}-role`} className="text-sm font-medium">
          I am a
        </span>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RadioGroup.Root
              aria-labelledby={`${id}-role`}
              value={field.value}
              onValueChange={(value) => field.onChange(value as Role)}
              className="grid gap-2 sm:grid-cols-2"
            >
              {ROLES.map((role) => (
                <label
                  key={role.value}
                  htmlFor={`${id}-role-${role.value}`}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-brand-soft/40"
                >
                  <RadioGroup.Item
                    id={`${id}-role-${role.value}`}
                    value={role.value}
                    aria-describedby={`${id}-role-${role.value}-hint`}
                    className="mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  <span className="flex flex-col">
                    <span className="text-sm font-medium">{role.label}</span>
                    <span id={`${id}-role-${role.value}-hint`} className="text-xs text-muted-foreground">
                      {role.hint}
                    </span>
                  </span>
                </label>
              ))}
            </RadioGroup.Root>
          )}
        />
      </div>
      <Button type="submit" disabled={!strength.isValid || submitting}>
        {submitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
