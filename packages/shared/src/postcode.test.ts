import { describe, expect, test } from 'vitest';
import { isOutcode, isUkPostcode, normalisePostcode, outcodeOf } from './postcode.ts';

describe('UK postcodes (REQ-SEC-04)', () => {
  test.each([
    'SW19 1AA',
    'sw191aa',
    'M1 3DA',
    'RG30 6DT',
    'EC1A 1BB',
    'W1A 0AX',
    'PO30 5LT',
    'NE4 9DN',
    'GIR 0AA',
  ])('%s is a postcode', (pc) => expect(isUkPostcode(pc)).toBe(true));

  test.each(['SW19', 'XYZ 123', '12345', '', 'SW19 1A', 'Q1 1AA', 'SW19 1CA'])(
    '%s is not a full postcode',
    (pc) => expect(isUkPostcode(pc)).toBe(false),
  );

  test('normalises case and spacing', () => {
    expect(normalisePostcode('sw191aa')).toBe('SW19 1AA');
    expect(normalisePostcode('  m1   3da ')).toBe('M1 3DA');
    expect(normalisePostcode('gir0aa')).toBe('GIR 0AA');
  });

  test('anything else is upper-cased, cleaned and cut to 10 characters', () => {
    expect(normalisePostcode('not a postcode at all')).toBe('NOT A POST');
    expect(normalisePostcode('<b>sw19</b>')).toBe('BSW19B');
  });

  test('outward codes', () => {
    expect(outcodeOf('SW19 1AA')).toBe('SW19');
    expect(outcodeOf('m13da')).toBe('M1');
    expect(outcodeOf('SW19')).toBeUndefined();
    expect(isOutcode('SW19')).toBe(true);
    expect(isOutcode('rg30')).toBe(true);
    expect(isOutcode('EC1A')).toBe(true);
    expect(isOutcode('Reading')).toBe(false);
  });
});
