import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The live check of a form whose result shows while it is typed (the property page's calculators, a report's date
 * range): the form's current values, optionally turned into the schema's input by `toInput`, parsed with the shared
 * schema on every render. `values` are the fields as typed; `data` is the parsed output, else undefined; `errors` the
 * first message per top-level field.
 * Synchronous, unlike a resolver, so the result and its messages change with the keystroke that caused them.
 */
export function useLiveParse<TValues extends FieldValues, TSchema extends z.ZodType>(
  control: Control<TValues>,
  schema: TSchema,
  toInput: (values: TValues) => unknown = (values) => values,
): { values: TValues; data: z.output<TSchema> | undefined; errors: Partial<Record<string, string>> } {
  const values = useWatch({ control }) as TValues;
  const parsed = schema.safeParse(toInput(values));
  if (parsed.success) return { values, data: parsed.data, errors: {} };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { values, data: undefined, errors };
}
