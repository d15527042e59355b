/**
 * fast-check arbitraries of hostile request input for the write-route fuzzing (REQ-SEC): script payloads, oversized
 * strings (10k+ characters), unicode that breaks naive code (astral emoji, right-to-left overrides, NUL and other
 * control characters, lone surrogates), wrong types and nested junk; valid bodies with fields mutated into these; and
 * whole bodies that are not JSON at all. Cheap to generate: long strings are repeated seeds, not drawn character by
 * character, so a thousand runs cost milliseconds of generation.
 */
import { fc } from '@abode/shared/testing-fast-check';

/** What an attacker types where text is expected (REQ-SEC-06 script-like content and classic XSS vectors). */
export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  '" onerror="alert(1)',
  "' onmouseover='alert(1)",
  '<a href="javascript&colon;alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<<script>script>alert(1)<</script>/script>',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  '<b onclick=alert(1)>bold</b>',
  'data:text/html,<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}<p>',
] as const;

/** Unicode that breaks naive code: astral emoji, RTL overrides, NUL and control characters, lone surrogates. */
export const AWKWARD_UNICODE = [
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u{1F4A9}\u{10FFFF}',
  '\u202Eevil\u202C',
  'שלום עולם مرحبا',
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0007\u001B[31m\u007F\u0085\u009F',
  '\uD800',
  'x\uDC00y',
  '\r\n\t\v\f',
  'Zoe\u0308 Sia\u0302n',
  '\uFEFF\u200B\u200D',
  'ｓｃｒｉｐｔ',
  'İıǅ',
] as const;

/** Text that is valid somewhere in the app, to mix with the payloads. */
const PLAIN = [
  "O'Brien & Sons",
  'SW19 1AA',
  'x@y.z',
  '2026-01-01',
  'https://example.com',
  '0',
  '-1',
  '',
] as const;

/** A string of 10,001 to 40,000 UTF-16 units (repeated seed). */
export const oversizedString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('A', '<script>', '😀', 'é', ' ', 'a\u0000', ...SCRIPT_PAYLOADS),
    fc.integer({ min: 10_001, max: 40_000 }),
  )
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));

/** Any hostile string: payloads, awkward unicode, oversized, short random, or mixes of those. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCRIPT_PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_UNICODE) },
  { weight: 1, arbitrary: oversizedString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constantFrom(...PLAIN) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...SCRIPT_PAYLOADS, ...AWKWARD_UNICODE, ...PLAIN), {
        minLength: 2,
        maxLength: 4,
      })
      .map((parts) => parts.join(' ')),
  },
);

/** Numbers that are not what a field wants: negative, fractional, huge, unsafe, -0 (NaN and ±Infinity become null). */
const awkwardNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, Number.NaN),
  fc.integer(),
  fc.double(),
);

/** Keys that probe prototype pollution and odd object handling. */
const awkwardKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
    ' ',
    '$where',
    'id',
    'userId',
    'role',
  ),
  fc.constantFrom(...SCRIPT_PAYLOADS),
  fc.string({ maxLength: 10 }),
);

/** Any JSON value, hostile at every level: strings above, awkward numbers, booleans, null, arrays and objects. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 2, arbitrary: awkwardNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(awkwardKey, tie('value')), { maxLength: 4 })
        .map((entries) => Object.fromEntries(entries)),
    },
  ),
})).value;

/** A deeply nested value (arrays or objects 50 to 2,000 levels down). */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = '<script>alert(1)</script>';
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

const DROP = Symbol('drop');

/**
 * `valid` with some of its fields changed: kept, replaced by junk, mutated recursively, or dropped; plus sometimes
 * extra keys (`__proto__`, `role`, …). Arrays keep, lose or repeat items. Leaves become junk of any type.
 */
export function mutated(valid: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(valid)) {
    return fc.oneof(
      fc.constant(valid),
      fc.array(valid.length ? mutated(valid[0], depth + 1) : junkValue, { maxLength: 12 }),
      junkValue,
    );
  }
  if (valid && typeof valid === 'object') {
    const fields = Object.entries(valid).map(([key, value]) =>
      fc
        .oneof(
          { weight: 4, arbitrary: fc.constant(value) },
          { weight: 3, arbitrary: depth < 4 ? mutated(value, depth + 1) : junkValue },
          { weight: 1, arbitrary: fc.constant<unknown>(DROP) },
        )
        .map((v) => [key, v] as const),
    );
    return fc
      .tuple(
        fc.tuple(...fields),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
          { weight: 1, arbitrary: fc.array(fc.tuple(awkwardKey, junkValue), { maxLength: 3 }) },
        ),
      )
      .map(([kept, extra]) =>
        Object.fromEntries([...extra, ...kept.filter(([, v]) => v !== DROP)] as [string, unknown][]),
      );
  }
  // A leaf: sometimes the right value, else hostile input of any type.
  return fc.oneof({ weight: 1, arbitrary: fc.constant(valid) }, { weight: 4, arbitrary: junkValue });
}

/** A request body: JSON (mutated valid body, junk, deep nesting), broken JSON, another media type, or nothing. */
export type FuzzBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null }
  | { kind: 'none' };

/** Text that claims to be JSON and is not, or is JSON of a surprising shape. */
const brokenJson = fc.constantFrom(
  '',
  '{',
  '{"a":',
  '[1,2',
  'null',
  'true',
  '"<script>alert(1)</script>"',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1,"a":2}',
  '\u0000',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  'NaN',
  '1e999999',
  '<html><script>alert(1)</script></html>',
);

export function fuzzBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    {
      weight: 12,
      arbitrary: valid.chain((v) => mutated(v)).map((value) => ({ kind: 'json', value }) as const),
    },
    { weight: 2, arbitrary: valid.map((value) => ({ kind: 'json', value }) as const) },
    { weight: 3, arbitrary: junkValue.map((value) => ({ kind: 'json', value }) as const) },
    { weight: 1, arbitrary: deepValue.map((value) => ({ kind: 'json', value }) as const) },
    {
      weight: 2,
      arbitrary: brokenJson.map((text) => ({ kind: 'raw', text, contentType: 'application/json' }) as const),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid.map((v) => JSON.stringify(v) ?? ''),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'application/xml',
            null,
          ),
        )
        .map(([text, contentType]) => ({ kind: 'raw', text, contentType }) as const),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
  );
}

/** `encodeURIComponent` that survives lone surrogates (they become U+FFFD: a URL cannot carry them). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

/** A path segment or query value in place of a valid one (encode it with {@link encodeSegment}). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => s.slice(0, 2_000)),
  fc.constantFrom('...', '0', '-1', 'null', 'undefined', '%00', '00000000-0000-0000-0000-000000000000'),
  fc.uuid(),
);

/** One part of a multipart body: a text field, or a file. */
export type FuzzPart =
  | { name: string; text: string }
  | { name: string; file: { bytes: Uint8Array; filename: string; type: string } };

/** An upload body: multipart parts (maybe with a lying Content-Length), or raw text claiming to be multipart. */
export type FuzzUpload =
  | { kind: 'form'; parts: FuzzPart[]; declaredLength: string | null }
  | { kind: 'raw'; text: string; contentType: string | null };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];

/** File contents: random bytes, nothing, an image's magic number on junk, or (sometimes) a real small image. */
function fileBytes(realImage: Uint8Array): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.uint8Array({ maxLength: 2_048 }) },
    { weight: 2, arbitrary: fc.constant(new Uint8Array(0)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(PNG_MAGIC, JPEG_MAGIC), fc.uint8Array({ maxLength: 512 }))
        .map(([magic, rest]) => new Uint8Array([...magic, ...rest])),
    },
    { weight: 1, arbitrary: fc.constant(realImage) },
    { weight: 1, arbitrary: hostileString.map((s) => new TextEncoder().encode(s)) },
  );
}

const fileType = fc.oneof(
  fc.constantFrom(
    'image/png',
    'image/jpeg',
    'image/webp',
    'image/svg+xml',
    'text/html',
    'application/octet-stream',
    '',
  ),
  hostileString.map((s) => s.slice(0, 100)),
);

/**
 * Multipart bodies for an upload route whose file field is `fileField` and whose text fields are `textFields`:
 * junk files (random bytes, zero bytes, huge declared sizes, several files, a text where the file should be) and
 * hostile text in every other field.
 */
export function fuzzUpload(
  fileField: string,
  textFields: readonly string[],
  realImage: Uint8Array,
): fc.Arbitrary<FuzzUpload> {
  const file = fc
    .record({
      bytes: fileBytes(realImage),
      filename: hostileString.map((s) => s.slice(0, 300)),
      type: fileType,
    })
    .map((f) => ({ name: fileField, file: f }) as FuzzPart);
  const text = (name: fc.Arbitrary<string>) =>
    fc.tuple(name, hostileString).map(([n, t]) => ({ name: n, text: t }) as FuzzPart);
  const parts = fc
    .tuple(
      fc.array(file, { maxLength: 3 }),
      textFields.length ? fc.array(text(fc.constantFrom(...textFields)), { maxLength: 2 }) : fc.constant([]),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([] as FuzzPart[]) },
        {
          weight: 1,
          arbitrary: fc.array(text(fc.oneof(fc.constant(fileField), hostileString)), { maxLength: 3 }),
        },
      ),
    )
    .map(([files, texts, extra]) => [...files, ...texts, ...extra]);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          parts,
          fc.oneof(
            { weight: 6, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom('99999999999', '10485761', '0', '18446744073709551616') },
          ),
        )
        .map(([p, declaredLength]) => ({ kind: 'form', parts: p, declaredLength }) as const),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            '',
            '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
            '--x\r\n\r\n--x--',
            '--y\r\nContent-Disposition: form-data; name="file"\r\n\r\n<script>alert(1)</script>\r\n--y--\r\n',
            'not multipart at all',
          ),
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'multipart/form-data; boundary=',
            null,
          ),
        )
        .map(([text, contentType]) => ({ kind: 'raw', text, contentType }) as const),
    },
    {
      weight: 1,
      arbitrary: fuzzBody(fc.constant({}))
        .filter((b) => b.kind !== 'none')
        .map(toRaw),
    },
  );
}

function toRaw(body: FuzzBody): FuzzUpload {
  if (body.kind === 'json')
    return { kind: 'raw', text: JSON.stringify(body.value) ?? '', contentType: 'application/json' };
  if (body.kind === 'raw') return { kind: 'raw', text: body.text, contentType: body.contentType };
  return { kind: 'raw', text: '', contentType: null };
}
