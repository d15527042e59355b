/**
 * The production UI lock-down (REQ-SEC-13, ADR 013): right-click, dev-tool keys and selection are locked
 * outside text fields and marked text, and the server's meta tag switches it all off.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installUiLockdown, isUiLockdownEnabled, UI_LOCKDOWN_META } from '#src/lib/ui-lockdown.ts';

let uninstall: (() => void) | undefined;

beforeEach(() => {
  document.body.innerHTML = `
    <main>
      <h1 id="title">3 bed house for sale</h1>
      <p id="address" data-selectable>Cowper Road, London, SW19 1AA</p>
      <address id="office">1 High Street, Reading</address>
      <a id="phone" href="tel:02079460958">020 7946 0958</a>
      <span class="select-text"><b id="marked">marked</b></span>
      <input id="input" />
      <textarea id="textarea"></textarea>
      <div id="editor" contenteditable="true">notes</div>
      <button id="button">Save</button>
    </main>`;
});

afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  document.head.innerHTML = '';
});

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing`);
  return element;
}

/** Dispatches a cancelable event and answers whether something prevented it. */
function prevented(target: EventTarget, event: Event): boolean {
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

const contextMenu = () => new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
const selectStart = () => new Event('selectstart', { bubbles: true, cancelable: true });
const key = (init: KeyboardEventInit) =>
  new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });

describe('installed', () => {
  beforeEach(() => {
    uninstall = installUiLockdown(document);
  });

  test('the context menu is prevented on the page and allowed in text fields and marked text', () => {
    expect(prevented(byId('title'), contextMenu())).toBe(true);
    expect(prevented(byId('button'), contextMenu())).toBe(true);
    expect(prevented(document.body, contextMenu())).toBe(true);
    for (const id of ['input', 'textarea', 'editor', 'address', 'office', 'phone', 'marked'])
      expect(prevented(byId(id), contextMenu()), id).toBe(false);
  });

  test('selection is prevented outside text fields; addresses and phone numbers stay selectable', () => {
    expect(prevented(byId('title'), selectStart())).toBe(true);
    // selectstart targets the text node where the selection begins.
    expect(prevented(byId('title').firstChild!, selectStart())).toBe(true);
    expect(prevented(byId('address').firstChild!, selectStart())).toBe(false);
    for (const id of ['input', 'textarea', 'editor', 'address', 'office', 'phone', 'marked'])
      expect(prevented(byId(id), selectStart()), id).toBe(false);
  });

  test.each([
    ['F12', { key: 'F12' }],
    ['Ctrl+Shift+I', { key: 'I', ctrlKey: true, shiftKey: true }],
    ['Ctrl+Shift+J', { key: 'J', ctrlKey: true, shiftKey: true }],
    ['Ctrl+Shift+C', { key: 'C', ctrlKey: true, shiftKey: true }],
    ['Ctrl+U', { key: 'u', ctrlKey: true }],
    ['Cmd+Option+I', { key: 'i', metaKey: true, altKey: true }],
    ['Cmd+Option+U', { key: 'u', metaKey: true, altKey: true }],
  ])('%s is prevented, even inside a text field', (_name, init) => {
    expect(prevented(document.body, key(init))).toBe(true);
    expect(prevented(byId('input'), key(init))).toBe(true);
  });

  test('ordinary keys and copy/paste shortcuts still work', () => {
    for (const init of [
      { key: 'a' },
      { key: 'Enter' },
      { key: 'Tab' },
      { key: 'c', ctrlKey: true },
      { key: 'v', ctrlKey: true },
      { key: 'F5' },
      { key: 'I', shiftKey: true },
    ])
      expect(prevented(byId('input'), key(init)), JSON.stringify(init)).toBe(false);
  });

  test('Ctrl+A selects within a focused text field, not the whole page', () => {
    byId('input').focus();
    expect(prevented(byId('input'), key({ key: 'a', ctrlKey: true }))).toBe(false);
    byId('input').blur();
    expect(prevented(document.body, key({ key: 'a', ctrlKey: true }))).toBe(true);
  });

  test('uninstalling restores everything', () => {
    expect(document.documentElement.dataset.uiLockdown).toBe('on');
    uninstall?.();
    uninstall = undefined;
    expect(document.documentElement.dataset.uiLockdown).toBeUndefined();
    expect(prevented(byId('title'), contextMenu())).toBe(false);
    expect(prevented(byId('title'), selectStart())).toBe(false);
    expect(prevented(document.body, key({ key: 'F12' }))).toBe(false);
  });
});

describe('the switch', () => {
  function setMeta(content: string) {
    const meta = document.createElement('meta');
    meta.name = UI_LOCKDOWN_META;
    meta.content = content;
    document.head.append(meta);
  }

  test('on in production builds by default, never in development', () => {
    expect(isUiLockdownEnabled(document, true)).toBe(true);
    expect(isUiLockdownEnabled(document, false)).toBe(false);
  });

  test("the server's off meta tag (UI_LOCKDOWN=false) turns it off", () => {
    setMeta('off');
    expect(isUiLockdownEnabled(document, true)).toBe(false);
  });

  test('any other value leaves it on', () => {
    setMeta('on');
    expect(isUiLockdownEnabled(document, true)).toBe(true);
  });
});
