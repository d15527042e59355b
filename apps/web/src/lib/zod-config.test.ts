import { expect, test } from 'vitest';
import '#src/lib/zod-config.ts';
import { z } from 'zod';

test('zod reads the jitless setting made without importing it (no eval under the CSP)', () => {
  expect(z.config().jitless).toBe(true);
});

test('objects still parse jitless', () => {
  const schema = z.object({ name: z.string(), beds: z.number().int() });
  expect(schema.parse({ name: 'Flat', beds: 2 })).toEqual({ name: 'Flat', beds: 2 });
  expect(schema.safeParse({ name: 'Flat', beds: 1.5 }).success).toBe(false);
});
