// First: before any module parses with zod (see the module).
import '#src/lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#src/app/app.tsx';
import { installUiLockdown, isUiLockdownEnabled } from '#src/lib/ui-lockdown.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// REQ-SEC-13; the server can switch it off with UI_LOCKDOWN=false (ADR 013).
if (isUiLockdownEnabled(document, import.meta.env.PROD)) installUiLockdown(document);

// The first render is a transition, which React renders in slices of a few milliseconds instead of one long task:
// a phone's main thread stays free for input while the app starts (Total Blocking Time, REQ-PERF-06).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
