import type { ComponentProps, ReactNode } from 'react';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';

/**
 * A labelled input with its error underneath ({@link FormField}): `aria-invalid` and `aria-describedby` point at the
 * error (and at `describedBy`, e.g. a strength meter) so screen readers read it with the field.
 */
export function TextField({
  id,
  label,
  error,
  describedBy,
  children,
  ...props
}: ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string | undefined;
  describedBy?: string | undefined;
  /** Shown under the input, above the error (e.g. the strength meter). */
  children?: ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...fieldA11y(id, error, false, describedBy)} {...props} />
      {children}
    </FormField>
  );
}

/** The account's password, asked again before a sensitive step: a {@link TextField} the browser fills from its saved password. */
export function CurrentPasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete'>) {
  return <TextField {...props} type="password" autoComplete="current-password" />;
}
