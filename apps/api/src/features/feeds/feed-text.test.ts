import { expect, test } from 'vitest';
import { decodeCharacterReferences } from './feed-text.ts';

test('named and numeric references decode; unknown and out-of-range ones stay as written', () => {
  const decode = (text: string) => decodeCharacterReferences(text, { keepAngleBrackets: false });
  expect(decode('Offers &pound;250,000 &ndash; 2&frac12; baths &amp; 45m&sup2;')).toBe(
    'Offers £250,000 – 2½ baths & 45m²',
  );
  expect(decode('caf&#233; &#x2019;s &NBSP;')).toBe('café ’s  ');
  expect(decode('&bogus; &#0; &#x110000; &amp')).toBe('&bogus; &#0; &#x110000; &amp');
});

test('BLM text decodes angle brackets; RTDF HTML keeps them encoded so no markup is made of text', () => {
  const text = 'a &lt;b&gt; c &#60;i&#x3E;';
  expect(decodeCharacterReferences(text, { keepAngleBrackets: false })).toBe('a <b> c <i>');
  expect(decodeCharacterReferences(text, { keepAngleBrackets: true })).toBe(text);
});
