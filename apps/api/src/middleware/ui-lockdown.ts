/**
 * The runtime switch of the SPA's UI lock-down (REQ-SEC-13, ADR 013). The built SPA
 * locks right-click, dev-tool keys and text selection by default; `UI_LOCKDOWN=false` turns that off without a
 * rebuild. The switch travels inside index.html as `<meta name="abode-ui-lockdown" content="off">`: no inline script
 * (the CSP forbids it) and no extra request. apps/web/src/lib/ui-lockdown.ts reads it.
 */

/** The meta tag's name; the SPA looks for the same name. */
export const UI_LOCKDOWN_META = 'abode-ui-lockdown';

/** `indexHtml` as served: unchanged when the lock-down is on, else with the "off" meta tag in its <head>. */
export function applyUiLockdownSwitch(indexHtml: string, uiLockdown: boolean): string {
  if (uiLockdown) return indexHtml;
  const tag = `<meta name="${UI_LOCKDOWN_META}" content="off" />`;
  if (/<\/head>/i.test(indexHtml)) return indexHtml.replace(/<\/head>/i, () => `  ${tag}\n  </head>`);
  return `${tag}\n${indexHtml}`;
}
