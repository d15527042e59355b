import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { ChangeEmailSchema, PROFILE_MESSAGES, type Profile } from '@abode/shared/profile/profile.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { changeEmail, EMAIL_CHANGED_LANDING } from '../api/profile.ts';
import { fieldErrors } from '../utils/field-errors.ts';
import { TextField } from './text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * The e-mail address and its change (issue #4): better-auth sends a link to the NEW address; the address changes
 * only when it is followed (then the old address is told). The link lands back on /profile.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangeEmailSchema.safeParse({ newEmail });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).newEmail);
      return;
    }
    if (parsed.data.newEmail === profile.email.toLowerCase()) {
      setError(PROFILE_MESSAGES.sameEmail);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await changeEmail({ newEmail: parsed.data.newEmail, callbackURL: EMAIL_CHANGED_LANDING });
      setSentTo(parsed.data.newEmail);
      setNewEmail('');
      toast.success(PROFILE_MESSAGES.emailChangeSent);
    } catch (failure) {
      showErrorToast(PROFILE_MESSAGES.emailChangeFailed, {
        error: failure,
        reason: isApiError(failure) ? failure.message : undefined,
      });
    } finally {
      setSubmitting(false);
    }
  };

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
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={error}
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
