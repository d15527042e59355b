/**
 * The MDN HTTP Observatory's own scanner (npm @mdn/mdn-http-observatory) against the real app in production mode,
 * listening on a free localhost port (REQ-SEC, ADR 013). Over plain http two of its ten tests cannot pass — the
 * redirect from http to https and HSTS both need TLS, which a deployment gets from its proxy — so the grade here is
 * the best plain http allows; every other test must pass with its best score, which is A+ once TLS is in front.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TOUR_FRAME_ORIGINS } from '@abode/shared/listings/tours';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { ensureHstsPreloadList } from '#src/testing/observatory.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

interface ObservatoryTest {
  pass: boolean;
  result: string;
  scoreModifier: number;
}
interface ObservatoryResult {
  scan: { grade: string; score: number; testsPassed: number; testsFailed: number; testsQuantity: number };
  tests: Record<string, ObservatoryTest>;
}

const WEB_INDEX = path.resolve(import.meta.dirname, '../../../web/index.html');

let handle: DatabaseHandle;
let dir: string;
let server: ServerType;
let result: ObservatoryResult;
let gradeFor: (score: number) => { grade: string; score: number };

beforeAll(async () => {
  ensureHstsPreloadList();
  handle = await createTestDatabase();
  // The SPA's real index.html, as the build emits it: the entry script becomes a hashed file under /assets.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-observatory-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const index = fs
    .readFileSync(WEB_INDEX, 'utf8')
    .replace('/src/main.tsx', '/assets/index-0bservat.js')
    .replace('<script type="module"', '<script type="module" crossorigin');
  fs.writeFileSync(path.join(dir, 'index.html'), index);
  fs.writeFileSync(path.join(dir, 'assets/index-0bservat.js'), 'export {};\n');
  const app = createApp({ db: handle.db, webDist: dir, production: true });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });

  // @ts-expect-error -- the package is JavaScript without type declarations; the shapes used are typed above.
  const observatory = (await import('@mdn/mdn-http-observatory')) as {
    scan: (host: string) => Promise<ObservatoryResult>;
  };
  // @ts-expect-error -- as above: the scanner's own grading function, to grade the score TLS would give.
  const grader = (await import('@mdn/mdn-http-observatory/src/grader/grader.js')) as {
    getGradeForScore: typeof gradeFor;
  };
  gradeFor = grader.getGradeForScore;
  // The scanner tries https:// and http:// on the host it is given; the port goes with the host name.
  result = await observatory.scan(`127.0.0.1:${port}`);
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('every header test passes with its best score', () => {
  const { tests } = result;
  expect(tests['content-security-policy']).toMatchObject({
    pass: true,
    result: 'csp-implemented-with-no-unsafe-default-src-none',
    scoreModifier: 10,
    // ADR 028: the tour players' https origins are the only frames, and the policy stays free of insecure schemes.
    policy: {
      antiClickjacking: true,
      defaultNone: true,
      insecureSchemeActive: false,
      insecureSchemePassive: false,
    },
  });
  const csp = tests['content-security-policy'] as ObservatoryTest & { data: Record<string, string[]> };
  expect([...csp.data['frame-src']!].sort()).toEqual([...TOUR_FRAME_ORIGINS].sort());
  expect(tests['x-frame-options']).toMatchObject({
    pass: true,
    result: 'x-frame-options-implemented-via-csp',
    scoreModifier: 5,
  });
  expect(tests['referrer-policy']).toMatchObject({
    pass: true,
    result: 'referrer-policy-private',
    scoreModifier: 5,
  });
  expect(tests['cross-origin-resource-policy']).toMatchObject({
    pass: true,
    result: 'corp-implemented-with-same-origin',
    scoreModifier: 10,
  });
  expect(tests['x-content-type-options']).toMatchObject({
    pass: true,
    result: 'x-content-type-options-nosniff',
  });
  expect(tests['subresource-integrity']).toMatchObject({
    pass: true,
    result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  });
  expect(tests['cross-origin-resource-sharing']).toMatchObject({
    pass: true,
    result: 'cross-origin-resource-sharing-not-implemented',
  });
  expect(tests.cookies).toMatchObject({ pass: true, result: 'cookies-not-found' });
});

test('over plain http only the two TLS tests fail: the grade is the best http allows', () => {
  const failed = Object.entries(result.tests)
    .filter(([, t]) => !t.pass)
    .map(([name, t]) => [name, t.result, t.scoreModifier]);
  expect(failed).toEqual([
    ['redirection', 'redirection-missing', -20],
    ['strict-transport-security', 'hsts-not-implemented-no-https', -20],
  ]);
  // 100 − 20 − 20; the +30 of extra credit counts only from 90 up.
  expect(result.scan).toMatchObject({
    score: 60,
    grade: 'C+',
    testsPassed: 8,
    testsFailed: 2,
    testsQuantity: 10,
  });
});

test('behind TLS (redirect to https, HSTS sent in production) the same headers grade A+', () => {
  const extraCredit = Object.values(result.tests)
    .filter((t) => t.pass)
    .reduce((sum, t) => sum + t.scoreModifier, 0);
  expect(extraCredit).toBe(30);
  // Both TLS tests score 0 when passed (https redirect; HSTS of six months or more).
  expect(gradeFor(100 + extraCredit)).toEqual({ score: 130, grade: 'A+' });
});
