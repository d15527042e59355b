import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { NAME_MAX_LENGTH } from '@abode/shared/auth/auth.schema';
import {
  PROFILE_MESSAGES,
  UpdateProfileSchema,
  type Profile,
  type UpdateProfileFormInput,
  type UpdateProfileInput,
} from '@abode/shared/profile/profile.schema';
import { PHONE_MAX_LENGTH } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { TextField } from '#src/components/text-field.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * Personal details (REQ-CLIENT): first name (required), last name and phone, checked with the same schema as the API
 * (REQ-AUTH-02 sign-up name rules, Contact data phone rule). Toasts 'Profile updated successfully' / 'Failed to update
 * profile'.
 */
export function PersonalDetailsForm({ profile }: { profile: Profile }) {
  const id = useId();
  const form = useForm<UpdateProfileFormInput, unknown, UpdateProfileInput>({
    resolver: zodResolver(UpdateProfileSchema),
    defaultValues: formValues(profile),
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();

  const onSubmit = form.handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        toast.success(PROFILE_MESSAGES.updated);
      },
      onError: (error) => {
        showErrorToast(PROFILE_MESSAGES.updateFailed, {
          error,
          reason: isApiError(error) ? error.message : undefined,
        });
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id={`${id}-last`}
          label="Last name (optional)"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id={`${id}-phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH + 10}
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The form's fields from a stored profile: '' for what is not set. */
function formValues(profile: Pick<Profile, 'firstName' | 'lastName' | 'phone'>) {
  return { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', phone: profile.phone ?? '' };
}
