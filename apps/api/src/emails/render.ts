/** Renders a template's React element to the HTML part of an e-mail (lib/mail.ts calls it for every e-mail). */
import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/**
 * The e-mail's HTML document (XHTML doctype, as mail clients expect), every text and attribute value escaped by
 * React. Async: react-email waits for the whole tree before it resolves.
 */
export function renderEmailHtml(body: ReactElement): Promise<string> {
  return render(body);
}
