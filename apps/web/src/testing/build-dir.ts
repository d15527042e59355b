/**
 * Vitest global setup of the web project: reserves one empty temporary folder for the production build that the
 * bundle-budget and production-build tests share (`productionBuild()` in production-build.ts builds into it once,
 * on first use), and removes it when the run ends. Reserving a folder costs nothing, so a run that includes
 * neither test builds nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the shared production build of apps/web goes to. */
    webBuildDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-web-build-'));
  project.provide('webBuildDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
