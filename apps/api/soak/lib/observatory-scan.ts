/**
 * The MDN HTTP Observatory's scan of a site on non-default ports, printed as JSON `{ scan, tests }` on stdout:
 *
 *   NODE_EXTRA_CA_CERTS=cert.pem node --import tsx soak/lib/observatory-scan.ts <host> <http port> <https port>
 *
 * The package's `scan(host)` always fetches http://host and https://host on one port each (the default ones, or the
 * same port given with the host), so a site with its HTTP and HTTPS servers on two local ports cannot be handed to it.
 * Its retriever takes the two ports (`httpPort`, `httpsPort`); this runs that retriever, then the package's own ten
 * tests and grading exactly as `scan` does (src/scanner/index.js, version 1.4.8). The certificate must be trusted
 * through NODE_EXTRA_CA_CERTS, which Node reads only at start-up, hence a process of its own: with an untrusted
 * certificate the scanner marks the redirect and HSTS tests "invalid certificate".
 */
// @ts-expect-error -- the package is JavaScript without type declarations; the shapes used are typed below.
import { ALL_TESTS, ALGORITHM_VERSION, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
// @ts-expect-error -- as above.
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
// @ts-expect-error -- as above.
import * as grader from '@mdn/mdn-http-observatory/src/grader/grader.js';
// @ts-expect-error -- as above.
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
import { ensureHstsPreloadList } from '#src/testing/observatory.ts';

interface TestOutput {
  result: string | null;
  pass: boolean;
  scoreModifier: number;
  scoreDescription: string;
  constructor: { name: string };
}

const { getGradeForScore, getScoreDescription, getScoreModifier } = grader as {
  getGradeForScore(score: number): { grade: string; score: number };
  getScoreDescription(result: string): string;
  getScoreModifier(result: string): number;
};

async function main(): Promise<void> {
  const [host, httpPort, httpsPort] = process.argv.slice(2);
  if (!host || !httpPort || !httpsPort)
    throw new Error('usage: observatory-scan.ts <host> <http port> <https port>');
  ensureHstsPreloadList();
  const requests = (await retrieve(host, { httpPort, httpsPort })) as {
    responses: { auto?: { status: number; headers: Record<string, string> } | null };
  };
  const auto = requests.responses.auto;
  if (!auto) throw new Error('The site seems to be down.');
  if (auto.status < 200 || (auto.status >= 400 && ![401, 403].includes(auto.status)))
    throw new Error(`Site did respond with an unexpected HTTP status code ${auto.status}.`);

  const results = (ALL_TESTS as ((r: unknown) => TestOutput)[]).map((test) => test(requests));
  let testsPassed = 0;
  let withExtraCredit = 100;
  let uncurved = 100;
  for (const result of results) {
    if (!result.result) continue;
    result.scoreDescription = getScoreDescription(result.result);
    result.scoreModifier = getScoreModifier(result.result);
    if (result.pass) testsPassed++;
    withExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurved += result.scoreModifier;
  }
  // Extra credit counts only once the score without it is already an A.
  const final = getGradeForScore(
    uncurved >= (MINIMUM_SCORE_FOR_EXTRA_CREDIT as number) ? withExtraCredit : uncurved,
  );
  const tests = Object.fromEntries(
    results.map((r) => [
      r.constructor.name,
      {
        pass: r.pass,
        result: r.result,
        scoreModifier: r.scoreModifier,
        scoreDescription: r.scoreDescription,
      },
    ]),
  );
  const scan = {
    algorithmVersion: ALGORITHM_VERSION as number,
    grade: final.grade,
    score: final.score,
    statusCode: auto.status,
    testsPassed,
    testsFailed: (NUM_TESTS as number) - testsPassed,
    testsQuantity: NUM_TESTS as number,
  };
  process.stdout.write(`${JSON.stringify({ scan, tests })}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
  process.exit(1);
});
