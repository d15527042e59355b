/**
 * Text as CRMs send it over RTDF, made into what an Abode listing keeps: descriptions in simple HTML (Rightmove
 * allows `<p>`, `<br>`, `<b>`, lists) become plain text with the same line breaks, and text longer than Abode keeps is
 * cut at a word with a warning rather than refusing the listing (Rightmove allows 32,000 characters of description,
 * Abode 5,000).
 */
import { containsScript } from '@abode/shared/sanitise';
import { decodeCharacterReferences } from '../feed-text.ts';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { RTDF_ISSUE_CODES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';

/**
 * `html` as plain text: line breaks for `<br>` and the ends of paragraphs, lists and headings, a line and '• ' for
 * each list item, other tags removed, common character references decoded, runs of blank lines folded. Script-like text is
 * returned as it came, so that the listing's own check refuses it with its message instead of this hiding it.
 */
export function htmlToText(html: string): string {
  if (containsScript(html)) return html;
  if (!/[<&]/.test(html)) return html.trim();
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li(\s[^>]*)?>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeCharacterReferences(text, { keepAngleBrackets: true })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * `text` cut to at most `max` characters at a word, ending '…', with a TEXT_SHORTENED warning naming `field`; as it
 * is when it fits.
 */
export function shorten(text: string, max: number, field: string, warnings: FeedIssue[]): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  warnings.push({
    code: RTDF_ISSUE_CODES.textShortened,
    message: `Abode keeps at most ${max} characters here: the text was shortened`,
    field,
  });
  return `${(atWord.length > max / 2 ? atWord : cut).trimEnd()}…`;
}
