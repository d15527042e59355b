/**
 * Signs the demo agency owner and the demo super admin in once, through the /auth page, and saves their sessions for
 * the journeys that act as them (fixtures/accounts.ts DEMO_SESSIONS).
 */
import { test as setup } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_SESSIONS, signIn } from '../fixtures/accounts.ts';

setup('the demo agency owner signs in', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent.password, /\/agent\/dashboard$/);
  await page.context().storageState({ path: DEMO_SESSIONS.owner });
});

setup('the demo super admin signs in', async ({ page }) => {
  await signIn(
    page,
    DEMO_ACCOUNTS.superAdmin.email,
    DEMO_ACCOUNTS.superAdmin.password,
    /\/admin\/dashboard$/,
  );
  await page.context().storageState({ path: DEMO_SESSIONS.superAdmin });
});
