/**
 * Small HTML helpers shared by the pages the server writes (listing meta tags, landing hints, the sitemap). E-mails
 * are React templates (src/emails), escaped by React.
 */

/** Escapes text for HTML text and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `html` with `tags` at the end of its <head>, or before it all when it has none (unchanged when there are none). */
export function addToHead(html: string, tags: readonly string[]): string {
  if (tags.length === 0) return html;
  const block = tags.join('\n    ');
  return /<\/head>/i.test(html)
    ? html.replace(/<\/head>/i, () => `  ${block}\n  </head>`)
    : `${block}\n${html}`;
}
