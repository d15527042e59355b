import {
  createContext,
  use,
  useEffect,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

const DraftContext = createContext<Map<string, unknown> | null>(null);

/**
 * Keeps what was typed in the /auth forms while the page is open: switching between the Sign In and Sign Up tabs
 * unmounts the other tab's form, which used to lose its fields (issue #23). The drafts go when the page does.
 */
export function AuthDraftProvider({ children }: { children: ReactNode }) {
  const [drafts] = useState(() => new Map<string, unknown>());
  return <DraftContext value={drafts}>{children}</DraftContext>;
}

/**
 * `useState` whose value survives the form's unmount under `key` inside an {@link AuthDraftProvider} (plain state
 * outside one).
 */
export function useAuthDraft<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const drafts = use(DraftContext);
  const [value, setValue] = useState<T>(() => (drafts?.has(key) ? (drafts.get(key) as T) : initial));
  useEffect(() => {
    drafts?.set(key, value);
  }, [drafts, key, value]);
  return [value, setValue];
}
