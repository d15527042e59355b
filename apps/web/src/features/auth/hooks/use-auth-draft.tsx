import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

const DraftContext = createContext<Map<string, unknown> | null>(null);

/**
 * Keeps what was typed in the /auth forms while the page is open: switching between the Sign In and Sign Up tabs
 * unmounts the other tab's form, which used to lose its fields (REQ-AUTH). The drafts go when the page does.
 */
export function AuthDraftProvider({ children }: { children: ReactNode }) {
  const [drafts] = useState(() => new Map<string, unknown>());
  return <DraftContext value={drafts}>{children}</DraftContext>;
}

/**
 * `useForm` whose values survive the form's unmount under `key` inside an {@link AuthDraftProvider}: it starts from
 * the values kept there (else `defaultValues`) and keeps them again when it unmounts. A plain `useForm` outside one.
 */
export function useAuthDraftForm<TValues extends FieldValues, TParsed>(
  key: string,
  props: UseFormProps<TValues, unknown, TParsed> & { defaultValues: DefaultValues<TValues> },
): UseFormReturn<TValues, unknown, TParsed> {
  const drafts = use(DraftContext);
  const [defaultValues] = useState(
    () => (drafts?.get(key) as DefaultValues<TValues> | undefined) ?? props.defaultValues,
  );
  const form = useForm<TValues, unknown, TParsed>({ ...props, defaultValues });
  const { getValues } = form;
  useEffect(() => () => void drafts?.set(key, getValues()), [drafts, key, getValues]);
  return form;
}
