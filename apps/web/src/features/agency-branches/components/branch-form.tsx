import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUSINESS_DAY_LABELS,
  CreateBranchInputSchema,
  type BranchFormValues,
  type CreateBranchInput,
} from '@abode/shared/agency/branches.schema';
import { BUSINESS_DAYS } from '@abode/shared/agent/business-hours';
import { BIO_MAX_LENGTH } from '@abode/shared/agent/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';

type TextName = Extract<
  FieldPath<BranchFormValues>,
  'branchName' | 'name' | 'email' | 'phone' | 'phoneSecondary' | 'address' | 'websiteUrl'
>;

/**
 * A branch's details (ADR 029): name, the person to ask for, departments, contact details, address, opening hours
 * per day and a short description. Checked with the API's own schema (CreateBranchInputSchema, react-hook-form +
 * zodResolver); errors the server finds come back under their fields. `onSubmit` gets the parsed branch and throws
 * to keep the form as it is (the caller shows the toast; a 400's fields are marked here). Fields the form does not show (links, chips, years) are
 * kept from `defaultValues`.
 */
export function BranchForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: BranchFormValues;
  submitLabel: string;
  onSubmit: (branch: CreateBranchInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<BranchFormValues, unknown, CreateBranchInput>({
    resolver: zodResolver(CreateBranchInputSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (branch) => {
    try {
      await onSubmit(branch);
    } catch (error) {
      setServerFieldErrors(form.setError, error, (path) => path in defaultValues);
    }
  });

  const text = (
    name: TextName,
    label: string,
    o: { required?: boolean; type?: string; autoComplete?: string; hint?: string; className?: string } = {},
  ) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField
        id={fieldId}
        label={label}
        required={o.required}
        error={error}
        hint={o.hint}
        className={o.className}
      >
        <Input
          {...fieldA11y(fieldId, error, Boolean(o.hint))}
          type={o.type ?? 'text'}
          autoComplete={o.autoComplete}
          aria-required={o.required || undefined}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const departmentsId = `${id}-departments`;
  const departmentsError = errors.handlesSales?.message ?? errors.handlesLettings?.message;
  const bioId = `${id}-bio`;
  const bioError = errors.bio?.message;

  return (
    <form
      noValidate
      aria-label="Branch details"
      className="flex flex-col gap-6"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('branchName', 'Branch name', { required: true, hint: 'The town or area, e.g. Reading.' })}
        {text('name', 'Contact name', {
          required: true,
          autoComplete: 'name',
          hint: 'Who buyers and tenants ask for.',
        })}
        <fieldset
          className="flex flex-col gap-2 sm:col-span-2"
          aria-describedby={departmentsError ? `${departmentsId}-error` : undefined}
        >
          <legend className="mb-1 text-sm leading-none font-medium">Departments</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                id={departmentsId}
                aria-invalid={departmentsError ? true : undefined}
                className="size-4 accent-primary"
                {...form.register('handlesSales')}
              />
              Sales
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                aria-invalid={departmentsError ? true : undefined}
                className="size-4 accent-primary"
                {...form.register('handlesLettings')}
              />
              Lettings
            </label>
          </div>
          {departmentsError && (
            <p id={`${departmentsId}-error`} className="text-sm text-destructive">
              {departmentsError}
            </p>
          )}
        </fieldset>
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        {text('phone', 'Phone', { required: true, type: 'tel', autoComplete: 'tel' })}
        {text('phoneSecondary', 'Second phone', { type: 'tel' })}
        {text('websiteUrl', 'Website', { type: 'url' })}
        {text('address', 'Office address', {
          autoComplete: 'street-address',
          className: 'sm:col-span-2',
          hint: 'Shown on the branch page and its listings.',
        })}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm leading-none font-medium">Opening hours</legend>
        <p className="text-xs text-muted-foreground">
          For example 9:00 to 17:30, or Closed. Leave a day blank to say nothing about it.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {BUSINESS_DAYS.map((day) => {
            const fieldId = `${id}-hours-${day}`;
            const error = errors.businessHours?.[day]?.message;
            return (
              <FormField key={day} id={fieldId} label={BUSINESS_DAY_LABELS[day]} error={error}>
                <Input {...fieldA11y(fieldId, error)} {...form.register(`businessHours.${day}`)} />
              </FormField>
            );
          })}
        </div>
      </fieldset>

      <FormField
        id={bioId}
        label="About the branch"
        error={bioError}
        hint={`Up to ${BIO_MAX_LENGTH} characters.`}
      >
        <Textarea rows={4} {...fieldA11y(bioId, bioError, true)} {...form.register('bio')} />
      </FormField>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
