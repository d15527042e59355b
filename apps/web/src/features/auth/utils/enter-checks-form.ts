import type { KeyboardEvent } from 'react';

/**
 * A form's `onKeyDown` for while its submit button is disabled (REQ-AUTH-01: Create Account stays disabled until the
 * password is valid). A browser ignores Enter in a field of such a form, so nothing happens and nothing is said
 * (REQ-AUTH); here Enter in a text field runs `check` instead, which shows what is wrong. Does nothing while
 * `blocked` is false (the browser submits as usual) or during an IME composition.
 */
export function enterChecksForm(
  event: KeyboardEvent<HTMLFormElement>,
  blocked: boolean,
  check: () => void,
): void {
  if (!blocked || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if ((event.target as HTMLElement).tagName !== 'INPUT') return;
  event.preventDefault();
  check();
}
