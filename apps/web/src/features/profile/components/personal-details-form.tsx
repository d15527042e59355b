import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NAME_MAX_LENGTH } from '@abode/shared/auth/auth.schema';
import { PROFILE_MESSAGES, UpdateProfileSchema, type Profile } from '@abode/shared/profile/profile.schema';
import { PHONE_MAX_LENGTH } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { fieldErrors } from '../utils/field-errors.ts';
import { TextField } from './text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * Personal details (issue #4): first name (required), last name and phone, checked with the same schema as the API
 * (SPEC §5 sign-up name rules, Contact data phone rule). Toasts 'Profile updated successfully' / 'Failed to update
 * profile'.
 */
export function PersonalDetailsForm({ profile }: { profile: Profile }) {
  const id = useId();
  const [fields, setFields] = useState({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateProfileSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setFields({
          firstName: saved.firstName ?? '',
          lastName: saved.lastName ?? '',
          phone: saved.phone ?? '',
        });
        toast.success(PROFILE_MESSAGES.updated);
      },
      onError: (error) => {
        showErrorToast(PROFILE_MESSAGES.updateFailed, {
          error,
          reason: isApiError(error) ? error.message : undefined,
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={fields.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          id={`${id}-last`}
          label="Last name (optional)"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          value={fields.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        id={`${id}-phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH + 10}
        value={fields.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
