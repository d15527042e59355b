/**
 * The agent area, /api/agent (REQ-AUTH-11, REQ-AUTH-12, REQ-AGENT). Every route needs role agent (`requireAgentUser`: 401
 * visitor, 403 other roles) with an agents row (`requireAgentProfile`, which finds the caller's `agentId` on
 * `c.var.viewer`; 404 'Agent profile not found' without one, REQ-AGENT-02) — except POST /profile, which creates that row
 * — and acts only on the records of the member's branches, as their role allows (ADR 029, `authorise`): another
 * agency's listing or enquiry id answers 404, never data; one their role may not touch answers 403.
 * Answers are personal: `Cache-Control: no-store`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '#src/app-env.ts';
import { requireAgentProfile, requireAgentUser } from '#src/middleware/auth.ts';
import { noStore } from '#src/middleware/no-store.ts';
import { agentTeamRoutes } from '#src/features/agency/team/routes.ts';
import { agentBranchRoutes } from '#src/features/agency/branches/routes.ts';
import { agentDashboardRoutes } from './dashboard/routes.ts';
import { agentEnquiryRoutes } from './enquiries/routes.ts';
import { agentInsightRoutes } from './insights/routes.ts';
import { agentListingRoutes } from './listings/routes.ts';
import { agentMediaRoutes } from './media/routes.ts';
import { agentPhotoRoutes } from './photos/routes.ts';
import { agentProfileCreateRoutes, agentProfileRoutes } from './profile/routes.ts';
import { agencyComplianceRoutes } from '#src/features/agency/compliance/routes.ts';
import { feedMediaRoutes } from '#src/features/feeds/media/routes.ts';
import { feedKeyRoutes } from '#src/features/feeds/keys/routes.ts';
import { agentFeedImportRoutes } from '#src/features/feeds/blm/routes.ts';

export const agentRoutes = new OpenAPIHono<AppEnv>();
// Before any sub-app, so a visitor always gets 401 (and a client 403) rather than a 400 about their input.
agentRoutes.use('*', noStore, requireAgentUser);
// Creating a missing agent profile needs no agents row. Hono runs a path's handlers in the order they were added,
// so this answers before the guard below runs; every route after it gets 404 'Agent profile not found' without one.
agentRoutes.route('/profile', agentProfileCreateRoutes);
agentRoutes.use('*', requireAgentProfile);
agentRoutes.route('/dashboard', agentDashboardRoutes);
agentRoutes.route('/enquiries', agentEnquiryRoutes);
agentRoutes.route('/properties', agentListingRoutes);
// Photo routes carry their own paths: /properties/{id}/photos… and /profile/logo.
agentRoutes.route('/', agentPhotoRoutes);
// Floor plans, EPC certificate and brochure (REQ-LISTING-16): /properties/{id}/media….
agentRoutes.route('/', agentMediaRoutes);
// Where a feed listing's files stand (ADR 030): /properties/{id}/feed-media.
agentRoutes.route('/', feedMediaRoutes);
agentRoutes.route('/profile', agentProfileRoutes);
// The agency's members and invitations (ADR 029).
agentRoutes.route('/team', agentTeamRoutes);
// The agency's branches (ADR 029): list, open, edit, logo.
agentRoutes.route('/branches', agentBranchRoutes);
// The agency's name, compliance details and standing (ADR 029).
agentRoutes.route('/agency', agencyComplianceRoutes);
// Listing feed keys and CRM branch codes (ADR 030): /api-keys… and /feed-branch-codes….
agentRoutes.route('/', feedKeyRoutes);
// BLM bulk uploads and their history (REQ-FEED-07): /feeds/blm, /feeds/imports….
agentRoutes.route('/feeds', agentFeedImportRoutes);
// Analytics, reports (CSV) and settings.
agentRoutes.route('/', agentInsightRoutes);
