/**
 * The UI lock-down of production builds (REQ-SEC-13, ADR 013): no right-click menu, no
 * dev-tool shortcuts, no text selection outside text fields. It is a courtesy the SPEC asks for, never a security
 * boundary — anyone can open the dev tools from the browser menu, and the server enforces every rule.
 *
 * What stays usable: inputs, text areas and editable content (typing, selecting, pasting, the right-click menu),
 * and anything marked `data-selectable` or `.select-text` (addresses, phone numbers, e-mail addresses), as well as
 * `<address>` and tel:/mailto: links, so they can still be copied.
 *
 * On by default in production builds; the server turns it off (UI_LOCKDOWN=false) by serving index.html with
 * `<meta name="abode-ui-lockdown" content="off">`, so no inline script is needed.
 */

/** The meta tag the server adds to switch the lock-down off (apps/api/src/middleware/ui-lockdown.ts). */
export const UI_LOCKDOWN_META = 'abode-ui-lockdown';

/** Where selection and the context menu keep working. */
export const SELECTABLE =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [data-selectable], .select-text, address, a[href^="tel:"], a[href^="mailto:"]';

/** Whether the lock-down applies: production builds, unless the server's meta tag says off. */
export function isUiLockdownEnabled(doc: Document, production: boolean): boolean {
  if (!production) return false;
  const value = doc.querySelector(`meta[name="${UI_LOCKDOWN_META}"]`)?.getAttribute('content');
  return !['off', 'false', '0', 'no'].includes((value ?? '').trim().toLowerCase());
}

function isSelectable(target: EventTarget | null): boolean {
  // Text nodes (selectstart) are not elements: judge by their parent.
  const node = target as Node | null;
  const element = node && node.nodeType === 1 ? (node as Element) : (node?.parentElement ?? null);
  return Boolean(element?.closest(SELECTABLE));
}

/** F12, Ctrl+Shift+I/J/C (Cmd+Option+I/J/C on a Mac) and Ctrl+U / Cmd+Option+U (view source). */
export function isDevToolsShortcut(e: KeyboardEvent): boolean {
  if (e.key === 'F12') return true;
  const key = e.key.toLowerCase();
  const ctrlShift = e.ctrlKey && e.shiftKey && !e.altKey;
  const macCmdOption = e.metaKey && e.altKey;
  if ((ctrlShift || macCmdOption) && ['i', 'j', 'c'].includes(key)) return true;
  if (e.ctrlKey && !e.shiftKey && !e.altKey && key === 'u') return true;
  return macCmdOption && key === 'u';
}

/**
 * Installs the lock-down on `doc`. Returns a function that removes it (tests; nothing else turns it off at run
 * time). Listeners run in the capture phase so the page's own handlers cannot re-enable what is locked.
 */
export function installUiLockdown(doc: Document): () => void {
  const onContextMenu = (e: Event) => {
    if (!isSelectable(e.target)) e.preventDefault();
  };
  const onSelectStart = (e: Event) => {
    if (!isSelectable(e.target)) e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (isDevToolsShortcut(e)) {
      e.preventDefault();
      return;
    }
    // Ctrl+A / Cmd+A outside a text field would select the whole page.
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'a') {
      if (!isSelectable(doc.activeElement)) e.preventDefault();
    }
  };
  doc.addEventListener('contextmenu', onContextMenu, true);
  doc.addEventListener('selectstart', onSelectStart, true);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.documentElement.dataset.uiLockdown = 'on';
  return () => {
    doc.removeEventListener('contextmenu', onContextMenu, true);
    doc.removeEventListener('selectstart', onSelectStart, true);
    doc.removeEventListener('keydown', onKeyDown, true);
    delete doc.documentElement.dataset.uiLockdown;
  };
}
