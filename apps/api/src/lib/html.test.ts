import { describe, expect, test } from 'vitest';
import { addToHead, escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  test('escapes the five characters that can end text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x">Tom's & Co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Co&lt;/a&gt;',
    );
  });
});

describe('addToHead', () => {
  const page = '<html>\n  <head>\n    <title>Abode</title>\n  </head>\n  <body></body>\n</html>';

  test('puts the tags, one a line, just before </head>', () => {
    expect(addToHead(page, ['<link rel="a" />', '<meta name="b" />'])).toBe(
      '<html>\n  <head>\n    <title>Abode</title>\n    <link rel="a" />\n    <meta name="b" />\n  </head>\n  <body></body>\n</html>',
    );
  });

  test('leaves the page alone without tags, and puts them first in a page without a head', () => {
    expect(addToHead(page, [])).toBe(page);
    expect(addToHead('<p>x</p>', ['<link rel="a" />'])).toBe('<link rel="a" />\n<p>x</p>');
  });

  test('copies the tags as they are ($& and $1 are not replacement patterns)', () => {
    expect(addToHead(page, ['<meta content="$& $1" />'])).toContain('<meta content="$& $1" />');
  });
});
