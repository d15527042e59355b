import { useId } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  AGENT_PROFILE_MESSAGES,
  BIO_MAX_LENGTH,
  UpdateAgentProfileSchema,
  type AgentProfile,
  type UpdateAgentProfile,
  type UpdateAgentProfileFormInput,
} from '@abode/shared/agent/profile.schema';
import { newProfileFormValues, profileFormValues } from '@abode/shared/agent/profile-form-values';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { useCreateAgentProfile, useUpdateAgentProfile } from '../api/agent-profile.ts';
import { ChipInput } from './chip-input.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

type FormValues = UpdateAgentProfileFormInput;
type TextName = Exclude<
  FieldPath<FormValues>,
  'certifications' | 'languages' | 'businessHours' | 'socialLinks'
>;

/** The form's two uses: editing the stored profile, or creating a missing one for the signed-in agent user. */
export type AgentProfileFormProps =
  | { agent: AgentProfile }
  | {
      /** Whose profile is created: its name and e-mail start the form. */
      owner: { firstName: string | null; lastName: string | null; email: string };
      /** Called once the profile exists. */
      onCreated: () => void;
    };

/**
 * The agent profile form (REQ-AGENT-12): basic info, business info, certifications and languages chips,
 * and Save Changes ('Saving...' while saving) — or, for an agent user without a profile (REQ-AGENT-12), Create Profile
 * ('Creating...'). Checked with the API's own schema (react-hook-form + zodResolver); errors show under their fields.
 */
export function AgentProfileForm(props: AgentProfileFormProps) {
  const id = useId();
  const update = useUpdateAgentProfile();
  const create = useCreateAgentProfile();
  const { refresh } = useAuth();
  const form = useForm<FormValues, unknown, UpdateAgentProfile>({
    resolver: zodResolver(UpdateAgentProfileSchema),
    defaultValues: 'agent' in props ? profileFormValues(props.agent) : newProfileFormValues(props.owner),
  });
  const { errors } = form.formState;

  const errorOf = (name: TextName): string | undefined => {
    const [head, tail] = name.split('.') as [keyof FormValues, string | undefined];
    const entry = errors[head] as { message?: string; [k: string]: unknown } | undefined;
    if (!tail) return entry?.message;
    return (entry?.[tail] as { message?: string } | undefined)?.message;
  };
  const chipError = (name: 'certifications' | 'languages') => {
    const entry = errors[name] as unknown as
      ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;
    if (!entry) return undefined;
    if (entry.message) return entry.message;
    return Object.values(entry).find((e): e is { message: string } =>
      Boolean((e as { message?: string })?.message),
    )?.message;
  };

  const text = (
    name: TextName,
    label: string,
    o: {
      required?: boolean;
      type?: string;
      hint?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'tel' | 'email' | 'url';
    } = {},
  ) => {
    const fieldId = `${id}-${name.replace('.', '-')}`;
    const error = errorOf(name);
    return (
      <FormField id={fieldId} label={label} required={o.required} error={error} hint={o.hint}>
        <Input
          {...fieldA11y(fieldId, error, Boolean(o.hint))}
          type={o.type ?? 'text'}
          autoComplete={o.autoComplete}
          inputMode={o.inputMode}
          aria-required={o.required || undefined}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!('agent' in props)) {
      try {
        await create.mutateAsync(values);
        toast.success(AGENT_PROFILE_MESSAGES.profileCreated);
        props.onCreated();
      } catch (error) {
        // 409: made meanwhile (another tab); the portal only needs to learn of it.
        if (isApiError(error) && error.status === 409) {
          await refresh();
          props.onCreated();
        } else showErrorToast(MESSAGES.profileUpdateFailed, { error });
      }
      return;
    }
    try {
      const saved = await update.mutateAsync(values);
      form.reset(profileFormValues(saved.agent));
      toast.success(MESSAGES.profileUpdated);
    } catch (error) {
      // The server checks with the same schema as the form, so a failure here is not about a field.
      showErrorToast(MESSAGES.profileUpdateFailed, { error });
    }
  });

  const bioId = `${id}-bio`;
  const bioError = errorOf('bio');
  const saving = form.formState.isSubmitting;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
      aria-label="Agent profile"
    >
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Basic information</h2>
          <CardDescription>
            How clients see you on your listings. Fields marked * are required.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name', { required: true, autoComplete: 'name' })}
          {text('yearsExperience', 'Years of experience', { inputMode: 'numeric' })}
          {text('agencyName', 'Agency name', {
            hint: 'Enter an agency name, a branch name or both.',
            autoComplete: 'organization',
          })}
          {text('branchName', 'Branch name')}
          {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
          {text('phone', 'Primary phone', { required: true, type: 'tel', autoComplete: 'tel' })}
          {text('phoneSecondary', 'Secondary phone', { type: 'tel' })}
          <div className="sm:col-span-2">
            <FormField id={bioId} label="Bio" error={bioError} hint={`Up to ${BIO_MAX_LENGTH} characters.`}>
              <Textarea rows={5} {...fieldA11y(bioId, bioError, true)} {...form.register('bio')} />
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Business information</h2>
          <CardDescription>Your office and where clients can find you online.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {text('address', 'Address', { autoComplete: 'street-address' })}
          </div>
          {text('websiteUrl', 'Website', { type: 'url', inputMode: 'url', autoComplete: 'url' })}
          {text('socialLinks.linkedin', 'LinkedIn', { type: 'url', inputMode: 'url' })}
          {text('socialLinks.facebook', 'Facebook', { type: 'url', inputMode: 'url' })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Certifications and languages</h2>
          <CardDescription>Press Enter or Add to add one; select a chip to remove it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="certifications"
            render={({ field }) => (
              <ChipInput
                label="Certifications"
                placeholder="e.g. ARLA Propertymark"
                value={field.value ?? []}
                onChange={field.onChange}
                error={chipError('certifications')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="languages"
            render={({ field }) => (
              <ChipInput
                label="Languages"
                placeholder="e.g. Welsh"
                value={field.value ?? []}
                onChange={field.onChange}
                error={chipError('languages')}
              />
            )}
          />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {'agent' in props
            ? saving
              ? 'Saving...'
              : 'Save Changes'
            : saving
              ? AGENT_PROFILE_MESSAGES.creatingProfile
              : AGENT_PROFILE_MESSAGES.createProfile}
        </Button>
      </div>
    </form>
  );
}
