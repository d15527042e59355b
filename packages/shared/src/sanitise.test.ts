import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fc } from './testing-fast-check.ts';
import { MESSAGES } from './messages.ts';
import {
  containsScript,
  phoneProblem,
  plainNumber,
  readPlainNumber,
  sanitisedText,
  sanitiseEmail,
  sanitiseNumber,
  sanitisePhone,
  sanitisePostcode,
  sanitiseSingleLine,
  sanitiseText,
} from './sanitise.ts';

const FAMILY = '👨‍👩‍👧'; // one grapheme, 8 UTF-16 code units (three astral emoji joined by ZWJ)
const FLAG = '🇬🇧'; // one grapheme, two astral regional indicators

describe('sanitiseText (REQ-SEC-01)', () => {
  test('empty and white space only become empty', () => {
    expect(sanitiseText('')).toBe('');
    expect(sanitiseText('   ')).toBe('');
    expect(sanitiseText(' \t\n\r\n \u00a0\u3000')).toBe('');
  });

  test('trims', () => expect(sanitiseText('  Cowper Road \n')).toBe('Cowper Road'));

  test.each([
    ["O'Brien", "O'Brien"],
    ['Smith & Sons', 'Smith & Sons'],
    ['"quoted"', '"quoted"'],
    ["it's", "it's"],
    ['Zoë, Siân, Łukasz', 'Zoë, Siân, Łukasz'],
    ['&amp; &lt; stays as typed', '&amp; &lt; stays as typed'],
  ])('keeps %s as typed (escaped on output, never stored escaped)', (input, expected) =>
    expect(sanitiseText(input)).toBe(expected),
  );

  test('strips < and > (tags become harmless text)', () => {
    expect(sanitiseText('<script>alert(1)</script>')).toBe('scriptalert(1)/script');
    expect(sanitiseText('<img src=x onerror=alert(1)>')).toBe('img src=x onerror=alert(1)');
    expect(sanitiseText('a < b > c')).toBe('a  b  c');
    expect(sanitiseText('<<>>')).toBe('');
    expect(sanitiseText('  <b>O\'Brien</b> & "Sons"  ')).toBe('bO\'Brien/b & "Sons"');
  });

  test('strips control characters but keeps newlines and tabs; CR and CRLF become newlines', () => {
    expect(sanitiseText('a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg')).toBe('abcdefg');
    expect(sanitiseText('line 1\r\nline 2\rline 3\nline 4')).toBe('line 1\nline 2\nline 3\nline 4');
    expect(sanitiseText('col 1\tcol 2')).toBe('col 1\tcol 2');
    expect(sanitiseText('a\u000bb\u000cc')).toBe('abc');
  });

  test('strips bidirectional overrides, isolates and marks (REQ-SEC-02), keeping newlines', () => {
    // U+202E RIGHT-TO-LEFT OVERRIDE would show 'Flat <RLO>fdp.exe' as 'Flat exe.pdf'.
    expect(sanitiseText('Flat \u202efdp.exe')).toBe('Flat fdp.exe');
    expect(sanitiseText('a\u202ab\u202bc\u202cd\u202de\u202ef')).toBe('abcdef');
    expect(sanitiseText('a\u2066b\u2067c\u2068d\u2069e')).toBe('abcde');
    expect(sanitiseText('a\u200eb\u200fc\u061cd')).toBe('abcd');
    expect(sanitiseText('line 1\u2067\nline 2')).toBe('line 1\nline 2');
    // Arabic and Hebrew letters themselves stay.
    expect(sanitiseText('שלום مرحبا')).toBe('שלום مرحبا');
  });

  test('drops broken surrogate halves but keeps whole astral characters', () => {
    expect(sanitiseText('a\ud83db')).toBe('ab');
    expect(sanitiseText('a\ude00b')).toBe('ab');
    expect(sanitiseText('a😀b')).toBe('a😀b');
  });

  test('normalises to NFC', () => {
    expect(sanitiseText('Zoe\u0308')).toBe('Zo\u00eb');
    expect(sanitiseText('Zoe\u0308')).toBe(sanitiseText('Zo\u00eb'));
    // Stripping '<' from between a letter and its accent still ends composed.
    expect(sanitiseText('e<\u0301')).toBe('\u00e9');
    // NFC never brings a '<' back ('<' + U+0338 composes to '≮', which is not '<').
    expect(sanitiseText('<\u0338')).toBe('\u0338');
    expect(sanitiseText('\u226e')).not.toMatch(/[<>]/);
  });

  test('exactly 500 characters are kept; 501 are cut to 500', () => {
    const exactly = 'x'.repeat(500);
    expect(sanitiseText(exactly)).toBe(exactly);
    expect(sanitiseText(`${exactly}y`)).toBe(exactly);
    expect(sanitiseText('y'.repeat(10_000))).toHaveLength(500);
  });

  test('the cap counts after stripping and trimming', () => {
    expect(sanitiseText(`   ${'<'.repeat(100)}${'x'.repeat(500)}   `)).toBe('x'.repeat(500));
  });

  test('cutting never splits an astral emoji, a ZWJ sequence or a flag', () => {
    const emoji = `${'x'.repeat(499)}😀`; // 501 code units: the emoji's second half would be the 501st
    expect(sanitiseText(emoji)).toBe('x'.repeat(499));
    expect(sanitiseText(`${'x'.repeat(498)}😀`)).toBe(`${'x'.repeat(498)}😀`);
    expect(sanitiseText(`${'x'.repeat(495)}${FAMILY}`)).toBe('x'.repeat(495));
    expect(sanitiseText(`${'x'.repeat(497)}${FLAG}`)).toBe('x'.repeat(497));
    expect(sanitiseText(`${'x'.repeat(496)}${FLAG}`)).toBe(`${'x'.repeat(496)}${FLAG}`);
    expect(sanitiseText('😀'.repeat(300))).toBe('😀'.repeat(250));
  });

  test('a cut that ends on white space is trimmed again', () => {
    expect(sanitiseText(`${'x'.repeat(499)} y`)).toBe('x'.repeat(499));
  });

  test('a single character longer than the cap is cut between code points', () => {
    const zalgo = `a${'\u0301'.repeat(600)}`;
    const out = sanitiseText(zalgo, 10);
    expect(out).toHaveLength(10);
    expect(out.startsWith('\u00e1')).toBe(true);
  });

  test('maxLength: a shorter cap, and no cap at all', () => {
    expect(sanitiseText('  Harbour & Vale  ', 7)).toBe('Harbour');
    expect(sanitiseText('x'.repeat(5000), Number.POSITIVE_INFINITY)).toHaveLength(5000);
    expect(sanitiseText('abc', 0)).toBe('');
  });
});

describe('sanitiseSingleLine', () => {
  test('folds runs of white space and newlines into one space', () => {
    expect(sanitiseSingleLine('  Homes \n\n near   <b>SW19</b>  ')).toBe('Homes near bSW19/b');
    expect(sanitiseSingleLine('a < b')).toBe('a b');
  });
  test('one line: CR, LF, CRLF, tabs, line and paragraph separators become a space (REQ-SEC)', () => {
    expect(sanitiseSingleLine('Flat 2\r\nCowper Road\rSW19\nLondon')).toBe('Flat 2 Cowper Road SW19 London');
    expect(sanitiseSingleLine('a\tb\u2028c\u2029d\u0085e')).toBe('a b c de');
    expect(sanitiseSingleLine('\n\n  Title  \n')).toBe('Title');
  });
  test('strips C0/C1 controls and bidirectional controls', () => {
    expect(sanitiseSingleLine('Sunny\u0000 \u0007flat\u009b')).toBe('Sunny flat');
    expect(sanitiseSingleLine('\u202eCosy\u202c \u2066home\u2069\u200f')).toBe('Cosy home');
  });
  test('caps like sanitiseText', () =>
    expect(sanitiseSingleLine('word '.repeat(30), 12)).toBe('word word wo'));
});

/** Any text, weighted towards what sanitising must handle: angle brackets, controls, white space, broken pairs. */
const nastyChar = fc.oneof(
  fc.constantFrom(
    '<',
    '>',
    ' ',
    '\n',
    '\r',
    '\t',
    '\u0000',
    '\u0085',
    '\u00a0',
    '\u0301',
    '\u0338',
    '\u202e',
    '\u2067',
    '\u200f',
    '\u2028',
    '&',
    "'",
  ),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.constantFrom('😀', FAMILY, FLAG, 'e\u0301', '\u226e'),
);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 700 }),
  fc.string({ unit: 'grapheme', maxLength: 700 }),
  fc.string({ unit: nastyChar, maxLength: 700 }),
);

describe('sanitiseText properties (fast-check)', () => {
  test('for any string: no < or >, at most 500 code units, idempotent', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const out = sanitiseText(input);
        expect(out).not.toMatch(/[<>]/);
        expect(out.length).toBeLessThanOrEqual(500);
        expect(sanitiseText(out)).toBe(out);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 500 },
    );
  });

  test('for any string and cap: within the cap, well-formed UTF-16, idempotent', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 600 }), (input, max) => {
        const out = sanitiseText(input, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        expect(sanitiseText(out, max)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });

  test('sanitiseSingleLine is idempotent and has no runs of white space', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const out = sanitiseSingleLine(input, 100);
        // eslint-disable-next-line no-control-regex -- no control character may survive
        expect(out).not.toMatch(/[<>]|\s\s|[\n\r\t]|[\u0000-\u001f\u007f-\u009f]/);
        expect(out).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(sanitiseSingleLine(out, 100)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sanitiseEmail (REQ-SEC-03)', () => {
  test('trims and lower-cases', () => {
    expect(sanitiseEmail('  Jo.Bloggs@Example.CO.UK ')).toBe('jo.bloggs@example.co.uk');
    expect(sanitiseEmail("o'brien+homes@example.com")).toBe("o'brien+homes@example.com");
  });
  test.each([
    '',
    '   ',
    'jo',
    'jo@example',
    '@example.com',
    'jo@.',
    'jo @example.com',
    'jo@exa mple.com',
    'jo@@example.com',
    '<jo@example.com>',
    'jo<script>@example.com',
    `${'a'.repeat(250)}@x.co`,
  ])('%j is not an address → empty', (input) => expect(sanitiseEmail(input)).toBe(''));
  test('254 characters are allowed', () => {
    const email = `${'a'.repeat(248)}@x.com`;
    expect(email).toHaveLength(254);
    expect(sanitiseEmail(email)).toBe(email);
  });
});

describe('sanitisePostcode (REQ-SEC-04)', () => {
  test.each([
    ['sw19 1aa', 'SW19 1AA'],
    ['SW191AA', 'SW19 1AA'],
    ['  sW19   1Aa ', 'SW19 1AA'],
    ['m13da', 'M1 3DA'],
    ['ec1a 1bb', 'EC1A 1BB'],
    ['gir0aa', 'GIR 0AA'],
  ])('%j → %j (a UK postcode, any case and spacing)', (input, expected) =>
    expect(sanitisePostcode(input)).toBe(expected),
  );
  test.each([
    ['not a postcode at all', 'NOT A POST'],
    ['<script>alert(1)</script>', 'SCRIPTALER'],
    ['sw19', 'SW19'],
    ['  a   b  ', 'A B'],
    ['abcdefghi jk', 'ABCDEFGHI'],
    ['', ''],
  ])('%j → %j (not a postcode: cleaned and cut to 10)', (input, expected) => {
    expect(sanitisePostcode(input)).toBe(expected);
    expect(sanitisePostcode(input).length).toBeLessThanOrEqual(10);
  });
});

describe('sanitiseNumber (REQ-SEC-05)', () => {
  test.each([
    ['0', 0],
    ['42', 42],
    [' 42 ', 42],
    ['1,250', 1250],
    ['1 250 000', 1_250_000],
    ['1,250,000', 1_250_000],
    [42, 42],
    [0, 0],
  ])('%j → %j', (input, expected) => expect(sanitiseNumber(input)).toBe(expected));
  test.each([
    '',
    '   ',
    'abc',
    '12abc',
    '12.5',
    '-3',
    '1e5',
    '0x10',
    '+4',
    '£500',
    '1,,000',
    ',100',
    '99999999999999999999',
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    {},
  ])('%j → null', (input) => expect(sanitiseNumber(input)).toBeNull());
});

describe('sanitisePhone (REQ-ENQ-02)', () => {
  test('keeps digits, +, -, spaces and brackets, trimmed', () => {
    expect(sanitisePhone(' +44 (0)20 7946-0000 ext. ')).toBe('+44 (0)20 7946-0000');
    expect(sanitisePhone('020\r\n7946\t0000\u202e')).toBe('020  7946 0000');
    expect(sanitisePhone('<script>')).toBe('');
  });
});

describe('phoneProblem (REQ-ENQ-02: at least 5 digits)', () => {
  test.each(['01234', '+44 20 7946 0000', '(020) 7946-0000', '12345678901234567890'])('%j passes', (phone) =>
    expect(phoneProblem(sanitisePhone(phone))).toBeNull(),
  );
  test.each(['1234', '123456789012345678901', ''])('%j: 5 to 20 characters', (phone) =>
    expect(phoneProblem(sanitisePhone(phone))).toBe(MESSAGES.contactPhoneLength),
  );
  test.each(['-----', '(+) - ()', '+44 - 12', '12 34 ---'])('%j: fewer than 5 digits', (phone) =>
    expect(phoneProblem(sanitisePhone(phone))).toBe(MESSAGES.contactPhoneDigits),
  );
});

describe('readPlainNumber and plainNumber (REQ-SEC-05; REQ-SEC: no 1e5)', () => {
  test.each([
    ['42', 42],
    [' 42 ', 42],
    ['-3', -3],
    ['4.5', 4.5],
    ['1,250', 1250],
    ['1 250 000', 1_250_000],
  ])('%j reads as %j', (input, expected) => expect(readPlainNumber(input)).toBe(expected));
  test.each(['1e5', '1E5', '0x10', '0b1', '+4', 'Infinity', '', ' ', '1,2345', '.5', '5.', '1_000'])(
    '%j is left as text',
    (input) => expect(readPlainNumber(input)).toBe(input),
  );
  test('non-text passes through unchanged', () => {
    expect(readPlainNumber(7)).toBe(7);
    expect(readPlainNumber(undefined)).toBeUndefined();
  });
  test('plainNumber: a schema that takes typed numbers and JSON numbers, and refuses 1e5', () => {
    const page = plainNumber(z.number().int().min(1).max(100_000)).optional().default(1);
    expect(page.parse('200')).toBe(200);
    expect(page.parse(3)).toBe(3);
    expect(page.parse(undefined)).toBe(1);
    expect(page.safeParse('1e5').success).toBe(false);
    expect(page.safeParse('0x10').success).toBe(false);
    expect(page.safeParse('').success).toBe(false);
    // Plain but out of bounds or fractional: the schema's own checks speak.
    expect(page.safeParse('0').error?.issues[0]?.code).toBe('too_small');
    expect(page.safeParse('2.5').error?.issues[0]?.code).toBe('invalid_type');
  });
});

describe('containsScript (REQ-ENQ-02 script-like strings)', () => {
  test.each([
    '<script>alert(1)</script>',
    '<SCRIPT src=x>',
    '</script>',
    'javascript:void(0)',
    'JavaScript:go()',
    'java\tscript:go()',
    'java\nscript:go()',
    'java\u0000script:go()',
    '&#106;avascript:go()',
    '&#x6A;avascript:go()',
    '&#0000106avascript:go()',
    'javascript&colon;go()',
    'java&Tab;script:go()',
    '&lt;script&gt;',
    '&ltscript',
    '<img src=x onerror=steal()>',
    'ONCLICK=do()',
    'body onload=x',
    'onclick = run()',
    'eval(code)',
    'alert(1)',
    'window.alert(1)',
    'alert`1`',
    'alert&#40;1)',
    '\\u0061lert(1)',
    'Confirm(yes)',
    'PROMPT(name)',
  ])('%j is script-like', (text) => expect(containsScript(text)).toBe(true));

  test.each([
    "O'Brien",
    'Smith & Sons',
    '"it\'s lovely"',
    'Please confirm (by e-mail) a viewing on Saturday',
    'Please confirm\n(by e-mail)',
    'The evaluation was fine',
    'Data retrieval(s) are slow',
    'Is the alert system fitted?',
    'a < b and c > d',
    'Java script is not a URL',
    'Rock & roll &#38; more',
    '',
  ])('%j is plain text', (text) => expect(containsScript(text)).toBe(false));
});

describe('sanitisedText (zod)', () => {
  test('sanitises and, by default, cuts to 500', () => {
    expect(sanitisedText().parse('  <b>Smith & Sons</b> ')).toBe('bSmith & Sons/b');
    expect(sanitisedText().parse('x'.repeat(501))).toHaveLength(500);
    expect(sanitisedText(5).parse("  O'Brien  ")).toBe("O'Bri");
    expect(sanitisedText().parse('   ')).toBe('');
  });

  test('tooLong refuses over-long text (after sanitising) instead of cutting it', () => {
    const schema = sanitisedText(5, { tooLong: 'Too long' });
    expect(schema.parse(' <abcde> ')).toBe('abcde');
    const r = schema.safeParse('abcdef');
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Too long']);
  });

  test('required refuses blank text and non-text', () => {
    const schema = sanitisedText(100, { required: 'Enter it' });
    for (const input of ['', '   ', '<>', 42, undefined]) {
      const r = schema.safeParse(input);
      expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Enter it']);
    }
  });

  test('scriptLike refuses script-like input before stripping; without it, it is only stripped', () => {
    const strict = sanitisedText(100, { scriptLike: 'No scripts' });
    const r = strict.safeParse('<script>alert(1)</script>');
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['No scripts']);
    expect(sanitisedText(100).parse('<script>alert(1)</script>')).toBe('scriptalert(1)/script');
  });

  test('singleLine folds line breaks into one space; without it newlines stay', () => {
    expect(sanitisedText(100, { singleLine: true }).parse(' Two-bed\r\n\u202eflat ')).toBe('Two-bed flat');
    expect(sanitisedText(100).parse(' Two-bed\r\n\u202eflat ')).toBe('Two-bed\nflat');
    const strict = sanitisedText(8, { singleLine: true, tooLong: 'Too long' });
    expect(strict.parse('abc\n\n\ndef')).toBe('abc def');
    expect(strict.safeParse('abc\ndefgh').success).toBe(false);
  });

  test('composes with optional and nullish in an object', () => {
    const schema = z.object({ note: sanitisedText(20).optional() });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ note: ' <i>hi</i> ' })).toEqual({ note: 'ihi/i' });
  });
});
