import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { toast } from 'sonner';
import { resetSecurityEvents } from '#src/lib/security-events.ts';
import { server } from '#src/testing/server.ts';
import { staticMediaQueryList } from '#src/testing/viewport.ts';

// Route modules load lazily and the whole suite runs in parallel with the API's: give findBy* room.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks layout and scrolling; React Router's ScrollRestoration and the hero's 'Learn More' call these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
if (!window.matchMedia) window.matchMedia = (query: string) => staticMediaQueryList(query, false);

// jsdom has no ResizeObserver; radix (radio group, menus) measures elements with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Every request goes to the MSW server; one without a handler fails the test that made it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// An unexpected console.error (React's act() and key warnings, a failed query, an unhandled request) fails the test
// that logged it. A test that expects one says so by mocking console.error itself, which replaces this recorder.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  // sonner keeps active toasts in module state and replays them to the next Toaster: start each test clean.
  toast.dismiss();
  cleanup();
  // Security events are module state too (queue, timers, unload listeners): none carry over to the next test.
  resetSecurityEvents();
  // Read after the unmount, so that errors logged while the test's tree unmounts count too.
  const logged = consoleErrors;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  server.resetHandlers();
  server.events.removeAllListeners();
  if (logged.length > 0) {
    const messages = logged.map((args) => args.map(String).join(' ')).join('\n---\n');
    throw new Error(`console.error was called ${logged.length} time(s) during the test:\n${messages}`);
  }
});
