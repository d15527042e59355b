import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { z } from 'zod';
import {
  ChangeEmailSchema,
  PROFILE_MESSAGES,
  type ChangeEmailInput,
  type Profile,
} from '@abode/shared/profile/profile.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { changeEmail, EMAIL_CHANGED_LANDING } from '../api/profile.ts';
import { TextField } from '#src/components/text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * The e-mail address and its change (REQ-CLIENT): better-auth sends a link to the NEW address; the address changes
 * only when it is followed (then the old address is told). The link lands back on /profile.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof ChangeEmailSchema>, unknown, ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailSchema),
    defaultValues: { newEmail: '' },
  });
  const { errors, isSubmitting: submitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    if (newEmail === profile.email.toLowerCase()) {
      form.setError('newEmail', { message: PROFILE_MESSAGES.sameEmail });
      return;
    }
    try {
      await changeEmail({ newEmail, callbackURL: EMAIL_CHANGED_LANDING });
      setSentTo(newEmail);
      form.reset({ newEmail: '' });
      toast.success(PROFILE_MESSAGES.emailChangeSent);
    } catch (failure) {
      showErrorToast(PROFILE_MESSAGES.emailChangeFailed, {
        error: failure,
        reason: isApiError(failure) ? failure.message : undefined,
      });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">Current address:</span>
        <span className="font-medium break-all">{profile.email}</span>
        {profile.isVerified ? (
          <Badge variant="secondary">
            <BadgeCheck aria-hidden="true" /> Verified
          </Badge>
        ) : (
          <Badge variant="warning">
            <CircleAlert aria-hidden="true" /> Not verified
          </Badge>
        )}
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          id={`${id}-new-email`}
          label="New e-mail address"
          type="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...form.register('newEmail')}
        />
        <div>
          <Button type="submit" variant="outline" disabled={submitting}>
            {submitting ? 'Sending…' : 'Change e-mail'}
          </Button>
        </div>
        {sentTo && (
          <p role="status" className="text-sm text-muted-foreground">
            {PROFILE_MESSAGES.emailChangeSent}: we sent a link to{' '}
            <strong className="break-all">{sentTo}</strong>. Your address stays {profile.email} until you
            follow it.
          </p>
        )}
      </form>
    </div>
  );
}
