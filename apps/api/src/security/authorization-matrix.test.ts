/**
 * The authorisation matrix (REQ-SEC; REQ-AUTH-12 roles, REQ-AUTH-11 guards): every route the app serves — read from Hono's
 * own route table, so better-auth's /api/auth/* catch-all, /api/dev/* and any route added later are included — ×
 * the eight personas, with the status each must get. A served route without a rule here fails the first test, naming
 * the route; so does a rule whose route is gone.
 *
 * Per-record routes act on records owned by 'client' and 'agent'; 'other client' and 'other agent' must get the
 * not-found or forbidden answer the route gives for someone else's record. Writes send a minimal valid body, so the
 * authorised persona's 2xx is real; where a valid write would use up a record (delete, approve, suspend…) each
 * authorised persona acts on a record of their own while everyone else is pointed at a record that stays.
 * The suspended user's session was ended by the suspension: they are a signed-out holder of a stale cookie.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { agencyMembers, agents, feedBranchCodes, feedImports, listingMedia } from '#src/db/schema.ts';
import { markTwoFactorSetUp, ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { AGENCY_DETAILS, AGENT_PROFILE, NEW_BRANCH, WIMBLEDON_SALE_DRAFT } from '#src/testing/fixtures.ts';
import { createApp } from '#src/app.ts';
import { servedRoutes } from '#src/testing/route-table.ts';
import { insertTeamFixtures, type TeamFixtures } from '#src/features/agency/team/team-fixtures.ts';
import { agencyIdOf, createAgencyIn } from '#src/features/admin/agencies/agency-fixtures.ts';
import { createFeedKeyFor } from '#src/features/feeds/keys/feed-key-fixtures.ts';
import { blmFile, saleRow } from '#src/features/feeds/blm/blm-test-world.ts';
import { sampleCall } from '#src/features/feeds/rtdf/rtdf-fixtures.ts';
import {
  createSecurityWorld,
  PERSONAS,
  type Fixtures,
  type Persona,
  type SecurityWorld,
} from '#src/testing/security-world.ts';

/** The status a persona must get; several when either is right (never mixing 2xx with 401/403/404). */
type Expected = number | readonly number[];
type Statuses = Record<Persona, Expected>;

/** Records made for this file on top of the world's fixtures. */
interface MatrixFixtures extends Fixtures {
  listingToDelete: string;
  reorderListing: { id: string; photoIds: string[] };
  photoToDelete: { listingId: string; photoId: string };
  /** Floor plans on the public listing (REQ-LISTING-03): one every persona aims at, one the agent deletes. */
  media: { kept: string; toDelete: string };
  /** Pending listings, one per admin persona, for approve and for reject. */
  toApprove: Record<'admin' | 'superAdmin', string>;
  toReject: Record<'admin' | 'superAdmin', string>;
  /** Pending listings, one per admin persona, for the bulk approval (ADR 029). */
  toBulkApprove: Record<'admin' | 'superAdmin', string>;
  /** New enquiries, one per admin persona, for the admin status change. */
  adminEnquiry: Record<'admin' | 'superAdmin', string>;
  savedSearchToDelete: string;
  suspendTarget: string;
  /** A user with two-factor sign-in on, whose two-factor the super admin resets (ADR 031). */
  twoFactorResetTarget: string;
  reactivateTarget: string;
  promoteTargetEmail: string;
  roleChangeTarget: string;
  demoteTarget: string;
  /** Agencies of the admin's agency routes (ADR 029): the agent's, one to verify, one to suspend, one suspended. */
  agencies: { own: string; ready: string; toSuspend: string; suspended: string };
  /** A draft listing per persona for /api/dev/publish-listing. */
  devDrafts: Record<Persona, string>;
  agentEmail: string;
  png: Buffer;
  /** The agent's team (ADR 029): members to change and remove, invitations, and link secrets. */
  team: TeamFixtures;
  /** The agent's branch's public page (ADR 029). */
  branchSlug: string;
  /** The agent's feed keys (ADR 030): one to change, one to revoke; and a CRM branch code to unmap. */
  feeds: { keyToChange: string; keyToRevoke: string; codeToRemove: string };
  /** RTDF (REQ-FEED-03): the agent's branch's feed id, and each agent persona's own agency's Bearer key. */
  rtdf: { feedBranchId: number; keys: Partial<Record<Persona, string>> };
  /** A BLM import of the agent's agency (REQ-FEED-07), for its report. */
  blmImport: string;
}

interface Rule {
  expect: Statuses;
  /** The request's method when the route's is ALL. */
  method?: string;
  /** The URL; by default the route's own path (routes without parameters). */
  url?: (f: MatrixFixtures, persona: Persona) => string;
  /** JSON body of a write. */
  body?: (f: MatrixFixtures, persona: Persona) => unknown;
  /** multipart/form-data body of an upload. */
  form?: (f: MatrixFixtures, persona: Persona) => FormData;
  /** More request headers: a Bearer feed key (feed routes authenticate by key, not by the session). */
  headers?: (f: MatrixFixtures, persona: Persona) => Record<string, string>;
  /** What the JSON answer must hold, by persona: RTDF answers a refused branch 200 with `success: false`. */
  answer?: Partial<Record<Persona, Record<string, unknown>>>;
}

const all = (status: Expected): Statuses => Object.fromEntries(PERSONAS.map((p) => [p, status])) as Statuses;
/** Any signed-in user (requireUser); the suspended user's session is gone. */
const signedIn = (status: Expected): Statuses => ({ ...all(status), visitor: 401, suspended: 401 });
/** Agent area (requireAgent): agents only; `otherAgent` is what the other agent gets on the agent's record. */
const agentArea = (agent: Expected, otherAgent: Expected = agent): Statuses => ({
  ...signedIn(403),
  agent,
  otherAgent,
});
/** Admin area (requireAdmin); `admin` is what a plain admin gets (403 where only super admins may act). */
const adminArea = (admin: Expected, superAdmin: Expected = admin): Statuses => ({
  ...signedIn(403),
  admin,
  superAdmin,
});
/** A public listing's page for a listing that is not public: its own agent and admins see a preview. */
const previewOnly: Statuses = { ...all(404), agent: 200, admin: 200, superAdmin: 200 };

/** An RTDF call (REQ-FEED-03): see the rules' comment. */
const rtdfRule = (body: (f: MatrixFixtures) => unknown): Rule => ({
  headers: (f, persona) => {
    const headers: Record<string, string> = {};
    const key = f.rtdf.keys[persona];
    if (key) headers.Authorization = key;
    return headers;
  },
  body: (f) => body(f),
  expect: { ...all(401), agent: 200, otherAgent: 200 },
  answer: {
    agent: { success: true },
    otherAgent: { success: false, errors: [{ error_code: 'BRANCH_NOT_ALLOWED' }] },
  },
});

const ownerOrOther = <T>(persona: Persona, owner: Persona, own: T, other: T): T =>
  persona === owner ? own : other;

const SALE_LISTING = { ...WIMBLEDON_SALE_DRAFT, tenure: 'freehold', councilTaxBand: 'F' };

const imageForm = (f: MatrixFixtures) => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(f.png)], 'photo.png', { type: 'image/png' }));
  return form;
};

/** A floor plan upload (REQ-AGENT-09): the PNG as a floor plan. */
const floorPlanForm = (f: MatrixFixtures) => {
  const form = imageForm(f);
  form.append('kind', 'floor-plan');
  return form;
};

/** One rule per served route (`METHOD path` as Hono records it). */
const RULES: Record<string, Rule> = {
  // ── Public API, health and docs ──
  'ALL /api/*': { method: 'GET', url: () => '/api/no-such-route', expect: all(404) },
  'GET /api/health/live': { expect: all(200) },
  'GET /api/health': { expect: all(200) },
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/docs': { expect: all(200) },
  'GET /api/docs/init.js': { expect: all(200) },
  'GET /api/docs/:asset': { url: () => '/api/docs/swagger-ui.css', expect: all(200) },
  'GET /api/properties': { url: () => '/api/properties?location=Wimbledon', expect: all(200) },
  'GET /api/locations': { url: () => '/api/locations?q=Wimb', expect: all(200) },
  'GET /api/properties/:slug': { url: (f) => `/api/properties/${f.draftListing.slug}`, expect: previewOnly },
  'POST /api/properties/:slug/views': {
    url: (f) => `/api/properties/${f.publicListing.slug}/views`,
    expect: all(204),
  },
  'GET /api/properties/:slug/sold-prices': {
    url: (f) => `/api/properties/${f.draftListing.slug}/sold-prices`,
    expect: previewOnly,
  },
  'POST /api/enquiries': {
    body: (f) => ({
      propertyId: f.publicListing.id,
      name: 'Sam Taylor',
      email: 'sam.taylor@example.com',
      message: 'Could I view the house on Saturday?',
    }),
    expect: all(201),
  },
  'POST /api/security-events': {
    body: (_f, persona) => ({
      events: [
        {
          type: 'suspicious_activity',
          severity: 'low',
          description: `Matrix check by ${persona}`,
          timestamp: new Date().toISOString(),
        },
      ],
    }),
    expect: all(202),
  },
  // The unsubscribe link works signed out: the token is the secret.
  'GET /api/alerts/unsubscribe': {
    url: (f) => `/api/alerts/unsubscribe?token=${f.unsubscribeToken}`,
    expect: all(200),
  },
  'POST /api/alerts/unsubscribe': { body: (f) => ({ token: f.unsubscribeToken }), expect: all(200) },
  'POST /api/alerts/unsubscribe/one-click': {
    url: (f) => `/api/alerts/unsubscribe/one-click?token=${f.unsubscribeToken}`,
    expect: all(200),
  },

  // ── better-auth (one catch-all per method) ──
  'GET /api/auth/*': { url: () => '/api/auth/get-session', expect: all(200) },
  'POST /api/auth/*': {
    url: () => '/api/auth/revoke-other-sessions',
    body: () => ({}),
    expect: signedIn(200),
  },

  // ── The signed-in user's own records (/api/me) ──
  'GET /api/me': { expect: signedIn(200) },
  'GET /api/me/profile': { expect: signedIn(200) },
  'PATCH /api/me/profile': {
    body: () => ({ firstName: 'Robin', lastName: "O'Neill" }),
    expect: signedIn(200),
  },
  'GET /api/me/export': { expect: signedIn(200) },
  // A wrong password is refused (400) after the guards: a right one would close the persona's account.
  'DELETE /api/me': {
    body: () => ({ password: 'Not-the-password-1!', confirmation: 'DELETE' }),
    expect: { ...signedIn(400), agent: 403, otherAgent: 403, admin: 403, superAdmin: 403 },
  },
  'GET /api/me/dashboard': { expect: signedIn(200) },
  'GET /api/me/recent-views': { expect: signedIn(200) },
  'GET /api/me/favourites': { expect: signedIn(200) },
  'GET /api/me/favourites/ids': { expect: signedIn(200) },
  // Favourites are keyed by the caller and a public listing: everyone signed in has their own.
  'PUT /api/me/favourites/:propertyId': {
    url: (f) => `/api/me/favourites/${f.publicListing.id}`,
    expect: signedIn(200),
  },
  'DELETE /api/me/favourites/:propertyId': {
    url: (f) => `/api/me/favourites/${f.publicListing.id}`,
    expect: signedIn(204),
  },
  'GET /api/me/saved-searches': { expect: signedIn(200) },
  'POST /api/me/saved-searches': {
    body: () => ({ searchParams: { location: 'Reading', mode: 'sale' }, label: 'Homes in Reading' }),
    expect: signedIn(201),
  },
  'GET /api/me/saved-searches/:id': {
    url: (f) => `/api/me/saved-searches/${f.savedSearchId}`,
    expect: { ...signedIn(404), client: 200 },
  },
  'PATCH /api/me/saved-searches/:id': {
    url: (f) => `/api/me/saved-searches/${f.savedSearchId}`,
    body: () => ({ label: 'Wimbledon homes', alertFrequency: 'daily' }),
    expect: { ...signedIn(404), client: 200 },
  },
  'DELETE /api/me/saved-searches/:id': {
    url: (f, p) =>
      `/api/me/saved-searches/${ownerOrOther(p, 'client', f.savedSearchToDelete, f.savedSearchId)}`,
    expect: { ...signedIn(404), client: 204 },
  },

  // ── Agent area: own listings, photos, enquiries, profile, insights ──
  'GET /api/agent/dashboard': { expect: agentArea(200) },
  'GET /api/agent/enquiries': { expect: agentArea(200) },
  'GET /api/agent/enquiries/:id': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}`,
    expect: agentArea(200, 404),
  },
  'PATCH /api/agent/enquiries/:id': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}`,
    body: () => ({ status: 'in_progress' }),
    expect: agentArea(200, 404),
  },
  // The team's lead inbox (ADR 029): another agency's enquiry answers 404 on every route.
  'PATCH /api/agent/enquiries/:id/assignment': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}/assignment`,
    body: () => ({ memberId: null }),
    expect: agentArea(200, 404),
  },
  'GET /api/agent/enquiries/:id/assignees': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}/assignees`,
    expect: agentArea(200, 404),
  },
  'GET /api/agent/enquiries/:id/thread': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}/thread`,
    expect: agentArea(200, 404),
  },
  'POST /api/agent/enquiries/:id/notes': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}/notes`,
    body: () => ({ body: 'Called back; viewing pencilled in for Saturday.' }),
    expect: agentArea(201, 404),
  },
  'POST /api/agent/enquiries/:id/replies': {
    url: (f) => `/api/agent/enquiries/${f.enquiryId}/replies`,
    body: () => ({ body: 'Thank you for your enquiry. Saturday at 10am suits us.' }),
    expect: agentArea(201, 404),
  },
  'GET /api/agent/properties': { expect: agentArea(200) },
  // Setting the status the listing has already changes nothing; another agency's listing is a 404.
  'POST /api/agent/properties/bulk': {
    body: (f) => ({ ids: [f.publicListing.id], action: 'status', status: 'active' }),
    expect: agentArea(200, 404),
  },
  'POST /api/agent/properties': { body: () => SALE_LISTING, expect: agentArea(201) },
  'GET /api/agent/properties/postcodes/:postcode': {
    url: () => '/api/agent/properties/postcodes/SW191AA',
    expect: agentArea(200),
  },
  'GET /api/agent/properties/:id': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}`,
    expect: agentArea(200, 404),
  },
  'PATCH /api/agent/properties/:id': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}`,
    body: () => ({ title: '3 bedroom Victorian house for sale' }),
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/properties/:id': {
    url: (f, p) => `/api/agent/properties/${ownerOrOther(p, 'agent', f.listingToDelete, f.publicListing.id)}`,
    expect: agentArea(204, 404),
  },
  'GET /api/agent/properties/:id/photos': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/photos`,
    expect: agentArea(200, 404),
  },
  'GET /api/agent/properties/:id/feed-media': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/feed-media`,
    expect: agentArea(200, 404),
  },
  'POST /api/agent/properties/:id/photos': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/photos`,
    form: imageForm,
    expect: agentArea(201, 404),
  },
  'PATCH /api/agent/properties/:id/photos/:photoId': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/photos/${f.publicPhotoIds[1]}`,
    body: () => ({ altText: 'The garden from the kitchen' }),
    expect: agentArea(200, 404),
  },
  'PUT /api/agent/properties/:id/photos/order': {
    url: (f) => `/api/agent/properties/${f.reorderListing.id}/photos/order`,
    body: (f) => ({ photoIds: [...f.reorderListing.photoIds].reverse() }),
    expect: agentArea(200, 404),
  },
  'POST /api/agent/properties/:id/photos/:photoId/main': {
    url: (f) => `/api/agent/properties/${f.reorderListing.id}/photos/${f.reorderListing.photoIds[0]}/main`,
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/properties/:id/photos/:photoId': {
    url: (f, p) =>
      p === 'agent'
        ? `/api/agent/properties/${f.photoToDelete.listingId}/photos/${f.photoToDelete.photoId}`
        : `/api/agent/properties/${f.publicListing.id}/photos/${f.publicPhotoIds[0]}`,
    expect: agentArea(204, 404),
  },
  'POST /api/agent/properties/:id/media': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/media`,
    form: floorPlanForm,
    expect: agentArea(201, 404),
  },
  'PATCH /api/agent/properties/:id/media/:mediaId': {
    url: (f) => `/api/agent/properties/${f.publicListing.id}/media/${f.media.kept}`,
    body: () => ({ caption: 'Ground floor' }),
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/properties/:id/media/:mediaId': {
    url: (f, p) =>
      `/api/agent/properties/${f.publicListing.id}/media/${p === 'agent' ? f.media.toDelete : f.media.kept}`,
    expect: agentArea(204, 404),
  },
  // The profile and logo are always the caller's own (no id in the path).
  'GET /api/agent/profile': { expect: agentArea(200) },
  'PATCH /api/agent/profile': { body: () => AGENT_PROFILE, expect: agentArea(200) },
  // Creates a missing profile (REQ-AGENT-02): both agent personas have one already.
  'POST /api/agent/profile': { body: () => AGENT_PROFILE, expect: agentArea(409) },
  'POST /api/agent/profile/logo': { form: imageForm, expect: agentArea(200) },
  'DELETE /api/agent/profile/logo': { expect: agentArea(200) },
  // The member's own agency (ADR 029): any member reads it, an owner changes it; the same details keep it verified.
  'GET /api/agent/agency': { expect: agentArea(200) },
  'PATCH /api/agent/agency': {
    body: () => AGENCY_DETAILS,
    expect: agentArea(200),
  },
  'GET /api/agent/analytics': { expect: agentArea(200) },
  'GET /api/agent/reports/listings.csv': { expect: agentArea(200) },
  'GET /api/agent/reports/enquiries.csv': { expect: agentArea(200) },
  'GET /api/agent/settings': { expect: agentArea(200) },
  'PATCH /api/agent/settings': { body: () => ({ notifyNewEnquiries: false }), expect: agentArea(200) },
  // Branches (ADR 029): both agent personas own a one-branch agency; the other agency's branch is a 404.
  'GET /api/agent/branches': { expect: agentArea(200) },
  'POST /api/agent/branches': { body: () => NEW_BRANCH, expect: agentArea(201) },
  'PATCH /api/agent/branches/:id': {
    url: (f) => `/api/agent/branches/${f.publicListing.agentId}`,
    body: () => ({ bio: 'Sales and lettings in SW19.' }),
    expect: agentArea(200, 404),
  },
  'POST /api/agent/branches/:id/logo': {
    url: (f) => `/api/agent/branches/${f.publicListing.agentId}/logo`,
    form: imageForm,
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/branches/:id/logo': {
    url: (f) => `/api/agent/branches/${f.publicListing.agentId}/logo`,
    expect: agentArea(200, 404),
  },
  'GET /api/branches/:slug': { url: (f) => `/api/branches/${f.branchSlug}`, expect: all(200) },

  // Listing feeds (ADR 030): both agent personas own their agency and manage its feeds; the other agency's key,
  // branch or code answers 404.
  'GET /api/agent/api-keys': { expect: agentArea(200) },
  'POST /api/agent/api-keys': { body: () => ({ name: 'Matrix CRM' }), expect: agentArea(201) },
  'PATCH /api/agent/api-keys/:id': {
    url: (f) => `/api/agent/api-keys/${f.feeds.keyToChange}`,
    body: () => ({ name: 'Reapit', withdrawAbsent: false }),
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/api-keys/:id': {
    url: (f) => `/api/agent/api-keys/${f.feeds.keyToRevoke}`,
    expect: agentArea(204, 404),
  },
  'GET /api/agent/feed-branch-codes': { expect: agentArea(200) },
  'PUT /api/agent/feed-branch-codes/:code': {
    url: () => '/api/agent/feed-branch-codes/MATRIX-01',
    body: (f) => ({ branchId: f.publicListing.agentId }),
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/feed-branch-codes/:code': {
    url: (f) => `/api/agent/feed-branch-codes/${f.feeds.codeToRemove}`,
    expect: agentArea(204, 404),
  },

  // RTDF (REQ-FEED-03, ADR 030): a Bearer feed key, not the session. Each agent persona sends its own agency's key at
  // the agent's branch: the agent's CRM is answered, the other agency's is refused (200 with `success: false` and
  // BRANCH_NOT_ALLOWED, as RTDF answers a CRM's fault; nothing written); without a key, 401.
  'POST /api/rtdf/v1/property/sendpropertydetails': rtdfRule((f) =>
    sampleCall(f.rtdf.feedBranchId, 'MATRIX-SEND'),
  ),
  'POST /api/rtdf/v1/property/removeproperty': rtdfRule((f) => ({
    branch: { branch_id: f.rtdf.feedBranchId, channel: 1 },
    property: { agent_ref: 'MATRIX-REMOVE' },
  })),
  'POST /api/rtdf/v1/property/getbranchpropertylist': rtdfRule((f) => ({
    branch: { branch_id: f.rtdf.feedBranchId },
  })),
  // BLM files (REQ-FEED-07): with a feed key, each agent persona's CRM names the agent's branch by its feed number; the
  // agent's row goes there, the other agency's to its own branch (the number of A's branch means nothing to B).
  'POST /api/feeds/blm': {
    headers: (f, persona): Record<string, string> => {
      const key = f.rtdf.keys[persona];
      return key ? { Authorization: key } : {};
    },
    form: (f) => blmForm(String(f.rtdf.feedBranchId)),
    expect: { ...all(401), agent: 200, otherAgent: 200 },
    answer: {
      agent: { counts: { created: 1 }, rows: [{ warnings: [] }] },
      otherAgent: { counts: { created: 1 }, rows: [{ warnings: [{ code: 'BLM_BRANCH_NOT_MAPPED' }] }] },
    },
  },
  // The Bulk upload screen: both agent personas own their agency; another agency's import is a 404.
  'POST /api/agent/feeds/blm': {
    form: () => blmForm('MATRIX', { withdrawAbsent: 'false' }),
    expect: agentArea(200),
  },
  'GET /api/agent/feeds/imports': { expect: agentArea(200) },
  'GET /api/agent/feeds/imports/:id': {
    url: (f) => `/api/agent/feeds/imports/${f.blmImport}`,
    expect: agentArea(200, 404),
  },

  // The agency's team (ADR 029): any member reads it; the owner (both agent personas own their agency) manages it.
  // Another agency's member or invitation answers 404. A link's secret is the access: the signed-out accept (the
  // visitor and the suspended user's dead cookie) makes an account, anyone signed in as another address gets 403.
  'GET /api/agent/team': { expect: agentArea(200) },
  'POST /api/agent/team/invitations': {
    body: (_f, p) => ({ email: `matrix-invitee-${p.toLowerCase()}@example.com`, role: 'owner' }),
    expect: agentArea(201),
  },
  'DELETE /api/agent/team/invitations/:id': {
    url: (f) => `/api/agent/team/invitations/${f.team.invitationToRevoke}`,
    expect: agentArea(204, 404),
  },
  'POST /api/agent/team/invitations/:id/resend': {
    url: (f) => `/api/agent/team/invitations/${f.team.invitationToResend}/resend`,
    expect: agentArea(200, 404),
  },
  'PATCH /api/agent/team/members/:memberId': {
    url: (f) => `/api/agent/team/members/${f.team.memberToChange}`,
    body: () => ({ role: 'branch-manager' }),
    expect: agentArea(200, 404),
  },
  'DELETE /api/agent/team/members/:memberId': {
    url: (f) => `/api/agent/team/members/${f.team.memberToRemove}`,
    expect: agentArea(204, 404),
  },
  'GET /api/agency-invitations/:token': {
    url: (f) => `/api/agency-invitations/${f.team.previewToken}`,
    expect: all(200),
  },
  'POST /api/agency-invitations/:token/accept': {
    url: (f, p) => `/api/agency-invitations/${f.team.acceptTokens[PERSONAS.indexOf(p)]}/accept`,
    body: () => ({ firstName: 'Robin', lastName: 'Hale', password: 'Tidy!Harbour#Lamp7' }),
    expect: { ...all(403), visitor: 200, suspended: 200 },
  },

  // ── Admin area ──
  'GET /api/admin/session': { expect: adminArea(200) },
  'GET /api/admin/dashboard': { expect: adminArea(200) },
  'GET /api/admin/analytics': { expect: adminArea(200) },
  'GET /api/admin/audit-logs': { expect: adminArea(200) },
  'GET /api/admin/limits': { expect: adminArea(200) },
  'GET /api/admin/users': { expect: adminArea(200) },
  // Suspending is for super admins only (REQ-AUTH-12); reactivating for any admin.
  'POST /api/admin/users/:id/suspend': {
    url: (f) => `/api/admin/users/${f.suspendTarget}/suspend`,
    expect: adminArea(403, 200),
  },
  'POST /api/admin/users/:id/reactivate': {
    url: (f) => `/api/admin/users/${f.reactivateTarget}/reactivate`,
    expect: adminArea(200),
  },
  // Two-factor sign-in (ADR 031): any admin reads the policy; super admins set it and reset a user's two-factor.
  'POST /api/admin/users/:id/two-factor/reset': {
    url: (f) => `/api/admin/users/${f.twoFactorResetTarget}/two-factor/reset`,
    expect: adminArea(403, 200),
  },
  'GET /api/admin/two-factor-policy': { expect: adminArea(200) },
  'PUT /api/admin/two-factor-policy': {
    body: () => ({ requireForAdmins: false, requireForAgencyManagers: false }),
    expect: adminArea(403, 200),
  },
  // Agencies (ADR 029): verify and reactivate any admin (again is a no-op 200), suspend super admins only.
  'GET /api/admin/agencies': { expect: adminArea(200) },
  'GET /api/admin/agencies/:id': {
    url: (f) => `/api/admin/agencies/${f.agencies.own}`,
    expect: adminArea(200),
  },
  'POST /api/admin/agencies/:id/verify': {
    url: (f) => `/api/admin/agencies/${f.agencies.ready}/verify`,
    expect: adminArea(200),
  },
  'POST /api/admin/agencies/:id/suspend': {
    url: (f) => `/api/admin/agencies/${f.agencies.toSuspend}/suspend`,
    body: () => ({ reason: 'Redress scheme membership lapsed.' }),
    expect: adminArea(403, 200),
  },
  'POST /api/admin/agencies/:id/reactivate': {
    url: (f) => `/api/admin/agencies/${f.agencies.suspended}/reactivate`,
    expect: adminArea(200),
  },
  'GET /api/admin/properties': { expect: adminArea(200) },
  'GET /api/admin/properties/agencies': { expect: adminArea(200) },
  'POST /api/admin/properties/bulk': {
    body: (f, p) => ({
      ids: [f.toBulkApprove[p === 'superAdmin' ? 'superAdmin' : 'admin']],
      action: 'approve',
    }),
    expect: adminArea(200),
  },
  'POST /api/admin/properties/:id/approve': {
    url: (f, p) =>
      `/api/admin/properties/${f.toApprove[p === 'superAdmin' ? 'superAdmin' : 'admin']}/approve`,
    expect: adminArea(200),
  },
  'POST /api/admin/properties/:id/reject': {
    url: (f, p) => `/api/admin/properties/${f.toReject[p === 'superAdmin' ? 'superAdmin' : 'admin']}/reject`,
    body: () => ({ reason: 'Please add a photo of the kitchen.' }),
    expect: adminArea(200),
  },
  'GET /api/admin/enquiries': { expect: adminArea(200) },
  'PATCH /api/admin/enquiries/:id': {
    url: (f, p) => `/api/admin/enquiries/${f.adminEnquiry[p === 'superAdmin' ? 'superAdmin' : 'admin']}`,
    body: () => ({ status: 'closed' }),
    expect: adminArea(200),
  },
  // Managing admins is for super admins only.
  'GET /api/admin/team': { expect: adminArea(200) },
  'POST /api/admin/team': {
    body: (f) => ({ email: f.promoteTargetEmail, adminRole: 'admin' }),
    expect: adminArea(403, 201),
  },
  'PATCH /api/admin/team/:userId': {
    url: (f) => `/api/admin/team/${f.roleChangeTarget}`,
    body: () => ({ adminRole: 'super_admin' }),
    expect: adminArea(403, 200),
  },
  'DELETE /api/admin/team/:userId': {
    url: (f) => `/api/admin/team/${f.demoteTarget}`,
    expect: adminArea(403, 204),
  },

  // ── Development helpers (outside production only; see the production test below) ──
  'GET /api/dev/mail': { expect: all(200) },
  'POST /api/dev/publish-listing': { body: (f, p) => ({ slug: f.devDrafts[p] }), expect: all(200) },
  'POST /api/dev/run-alerts': { expect: all(200) },
  // Verifying the agent's (already verified) agency again changes nothing.
  'POST /api/dev/verify-agency': { body: (f) => ({ email: f.agentEmail }), expect: all(200) },
  'POST /api/dev/agent-user': {
    body: (_f, p) => ({ email: `dev-agent-${p}@example.com`, password: 'Tidy!Harbour#Lamp7' }),
    expect: all(200),
  },

  // ── Outside /api: crawlers and media ──
  'GET /robots.txt': { expect: all(200) },
  'GET /sitemap.xml': { expect: all(200) },
  'GET /media/uploads/*': { url: () => '/media/uploads/matrix/photo.png', expect: all(200) },
  'GET /media/*': { url: () => '/media/demo/bathroom-1.svg', expect: all(200) },
};

let world: SecurityWorld;
let f: MatrixFixtures;

beforeAll(async () => {
  world = await createSecurityWorld();
  const { make } = world;
  const pending = { status: 'active', approvalStatus: 'pending', approvedAt: null } as const;
  const reorder = await make.listing('agent');
  const photoListing = await make.listing('agent');
  const devDrafts = {} as Record<Persona, string>;
  for (const persona of PERSONAS) {
    const { listing } = await make.listing('otherAgent', { ...pending, status: 'draft' });
    devDrafts[persona] = listing.slug;
  }
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8a8' } })
    .png()
    .toBuffer();
  const [keptMedia, mediaToDelete] = await world.handle.db
    .insert(listingMedia)
    .values(
      [0, 1].map((orderIndex) => ({
        propertyId: world.fixtures.publicListing.id,
        kind: 'floor-plan',
        format: 'image',
        url: '/media/demo/bathroom-1.svg',
        orderIndex,
      })),
    )
    .returning();
  fs.mkdirSync(path.join(world.uploadsDir, 'matrix'), { recursive: true });
  fs.writeFileSync(path.join(world.uploadsDir, 'matrix', 'photo.png'), png);
  const withTwoFactor = async ({ userId }: { userId: string }) => {
    await markTwoFactorSetUp(world.handle.db, userId);
    return userId;
  };
  const [suspendTarget, reactivateTarget, promoteTarget, roleChangeTarget, demoteTarget] = [
    await make.user(),
    await make.user({ suspended: true }),
    await make.user(),
    await make.user({ admin: 'admin' }),
    await make.user({ admin: 'admin' }),
  ];
  f = {
    ...world.fixtures,
    listingToDelete: (await make.listing('agent')).listing.id,
    reorderListing: { id: reorder.listing.id, photoIds: reorder.photoIds },
    photoToDelete: { listingId: photoListing.listing.id, photoId: photoListing.photoIds[1]! },
    media: { kept: keptMedia!.id, toDelete: mediaToDelete!.id },
    toApprove: {
      admin: (await make.listing('agent', pending)).listing.id,
      superAdmin: (await make.listing('agent', pending)).listing.id,
    },
    toReject: {
      admin: (await make.listing('agent', pending)).listing.id,
      superAdmin: (await make.listing('agent', pending)).listing.id,
    },
    toBulkApprove: {
      admin: (await make.listing('agent', pending)).listing.id,
      superAdmin: (await make.listing('agent', pending)).listing.id,
    },
    adminEnquiry: {
      admin: await make.enquiry(world.fixtures.publicListing.id),
      superAdmin: await make.enquiry(world.fixtures.publicListing.id),
    },
    savedSearchToDelete: (await make.savedSearch('client')).id,
    suspendTarget: suspendTarget.userId,
    twoFactorResetTarget: await withTwoFactor(await make.user()),
    reactivateTarget: reactivateTarget.userId,
    promoteTargetEmail: promoteTarget.email,
    roleChangeTarget: roleChangeTarget.userId,
    demoteTarget: demoteTarget.userId,
    agencies: {
      own: await agencyIdOf(world.handle.db, world.users.agent.userId),
      ready: (await createAgencyIn(world.handle.db, 'ready')).agencyId,
      toSuspend: (await createAgencyIn(world.handle.db, 'verified')).agencyId,
      suspended: (await createAgencyIn(world.handle.db, 'suspended')).agencyId,
    },
    agentEmail: world.users.agent.email,
    devDrafts,
    png,
    team: await insertTeamFixtures(world.handle.db, world.users.agent.userId, PERSONAS.length),
    branchSlug: (
      await world.handle.db
        .select({ slug: agents.slug })
        .from(agents)
        .where(eq(agents.id, world.fixtures.publicListing.agentId))
    )[0]!.slug,
    feeds: await insertFeedFixtures(world),
    rtdf: await insertRtdfFixtures(world),
    blmImport: await insertBlmImport(world),
  };
});

afterAll(async () => {
  await world?.close();
});

/** The agent's feed keys and a mapped CRM branch code (ADR 030). */
async function insertFeedFixtures(w: SecurityWorld): Promise<MatrixFixtures['feeds']> {
  const branchId = w.fixtures.publicListing.agentId;
  const owner = {
    userId: w.users.agent.userId,
    agencyId: await agencyIdOf(w.handle.db, w.users.agent.userId),
  };
  const codeToRemove = 'MATRIX-GONE';
  await w.handle.db
    .insert(feedBranchCodes)
    .values({ agencyId: owner.agencyId, code: codeToRemove, branchId });
  return {
    keyToChange: (await createFeedKeyFor(w.handle.db, { ...owner, branchId })).id,
    keyToRevoke: (await createFeedKeyFor(w.handle.db, { ...owner, branchId })).id,
    codeToRemove,
  };
}

/**
 * RTDF (REQ-FEED-03): a key for each agent persona's own agency, and a feed listing of the agent's branch for
 * removeproperty to withdraw.
 */
async function insertRtdfFixtures(w: SecurityWorld): Promise<MatrixFixtures['rtdf']> {
  const branchId = w.fixtures.publicListing.agentId;
  const [branch] = await w.handle.db
    .select({ feedBranchId: agents.feedBranchId })
    .from(agents)
    .where(eq(agents.id, branchId));
  const keys: Partial<Record<Persona, string>> = {};
  for (const persona of ['agent', 'otherAgent'] as const) {
    const userId = w.users[persona].userId;
    const [own] = await w.handle.db
      .select({ id: agencyMembers.defaultBranchId })
      .from(agencyMembers)
      .where(eq(agencyMembers.userId, userId));
    const agencyId = await agencyIdOf(w.handle.db, userId);
    keys[persona] = (
      await createFeedKeyFor(w.handle.db, { userId, agencyId, branchId: own!.id })
    ).authorization;
  }
  const created = await w.send('agent', 'POST', '/api/rtdf/v1/property/sendpropertydetails', {
    body: JSON.stringify(sampleCall(branch!.feedBranchId, 'MATRIX-REMOVE')),
    headers: { 'Content-Type': 'application/json', Authorization: keys.agent! },
  });
  if (created.status !== 200) throw new Error(`RTDF fixture: ${created.status} ${await created.text()}`);
  return { feedBranchId: branch!.feedBranchId, keys };
}

/** A BLM file of one sale row at the world's Wimbledon address, for branch code `branchCode` (REQ-FEED-07). */
function blmForm(branchCode: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const file = blmFile([saleRow('MATRIX-BLM', { BRANCH_ID: branchCode, MEDIA_IMAGE_00: '' })]);
  form.append('file', new File([file], 'matrix.blm'));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** An import of the agent's agency in the Bulk upload history (ADR 030). */
async function insertBlmImport(w: SecurityWorld): Promise<string> {
  const agencyId = await agencyIdOf(w.handle.db, w.users.agent.userId);
  const [row] = await w.handle.db
    .insert(feedImports)
    .values({ agencyId, userId: w.users.agent.userId, fileName: 'matrix.blm', counts: {}, report: [] })
    .returning();
  return row!.id;
}

test('every served route has a rule, and every rule a served route', () => {
  const served = servedRoutes(world.app).map((r) => r.key);
  const missing = served.filter((key) => !(key in RULES));
  const stale = Object.keys(RULES).filter((key) => !served.includes(key));
  expect(
    missing,
    `routes without a rule in RULES (authorization-matrix.test.ts): ${missing.join(', ')}`,
  ).toEqual([]);
  expect(stale, `rules for routes the app no longer serves: ${stale.join(', ')}`).toEqual([]);
});

describe.each(Object.entries(RULES))('%s', (key, rule) => {
  const [routeMethod] = key.split(' ') as [string, string];
  test.each(PERSONAS)(`as %s`, async (persona) => {
    const url = rule.url ? rule.url(f, persona) : key.split(' ')[1]!;
    const method = rule.method ?? routeMethod;
    const res = rule.form
      ? await world.send(persona, method, url, {
          body: rule.form(f, persona),
          headers: rule.headers?.(f, persona),
        })
      : await world.call(persona, method, url, rule.body?.(f, persona), rule.headers?.(f, persona));
    const expected = rule.expect[persona];
    const allowed = typeof expected === 'number' ? [expected] : expected;
    const text = await res.text();
    expect(allowed, `${method} ${url} as ${persona} → ${res.status} ${text.slice(0, 300)}`).toContain(
      res.status,
    );
    const answer = rule.answer?.[persona];
    if (answer) expect(JSON.parse(text), `${method} ${url} as ${persona}`).toMatchObject(answer);
  });
});

test("an agent user without an agents row: every agent route answers 404 'Agent profile not found' until POST /api/agent/profile creates it", async () => {
  const lost = await signedInUser(world.app, world.handle.db, { role: 'agent' });
  await world.handle.db.delete(agencyMembers).where(eq(agencyMembers.userId, lost.userId));
  const request = (method: string, url: string, rule: Rule) =>
    rule.form
      ? world.app.request(url, {
          method,
          headers: { Origin: ORIGIN, Cookie: lost.cookie },
          body: rule.form(f, 'agent'),
        })
      : callApi(world.app, method, url, lost.cookie, rule.body?.(f, 'agent'));
  const agentRules = Object.entries(RULES).filter(([key]) => key.split(' ')[1]!.startsWith('/api/agent/'));
  expect(agentRules.length).toBeGreaterThan(20);
  for (const [key, rule] of agentRules) {
    if (key === 'POST /api/agent/profile') continue;
    const method = rule.method ?? key.split(' ')[0]!;
    const res = await request(method, rule.url ? rule.url(f, 'agent') : key.split(' ')[1]!, rule);
    expect(res.status, key).toBe(404);
    expect((await readJson(res)).error, key).toEqual({
      code: 'NOT_FOUND',
      message: MESSAGES.agentProfileNotFound,
    });
  }
  const created = await callApi(world.app, 'POST', '/api/agent/profile', lost.cookie, AGENT_PROFILE);
  expect(created.status).toBe(201);
  expect((await readJson(created)).agent).toMatchObject({ userId: lost.userId, name: AGENT_PROFILE.name });
  expect((await callApi(world.app, 'GET', '/api/agent/dashboard', lost.cookie)).status).toBe(200);
});

test('the production app serves no /api/dev route: each answers 404', async () => {
  const production = createApp({ db: world.handle.db, production: true });
  expect(servedRoutes(production).filter((r) => r.path.startsWith('/api/dev'))).toEqual([]);
  const devRules = Object.entries(RULES).filter(([key]) => key.split(' ')[1]!.startsWith('/api/dev/'));
  expect(devRules.length).toBeGreaterThan(0);
  for (const [key, rule] of devRules) {
    const [method, routePath] = key.split(' ') as [string, string];
    for (const persona of ['visitor', 'superAdmin'] as const) {
      const cookie = world.cookieOf(persona);
      const body = rule.body?.(f, persona);
      const res = await production.request(routePath, {
        method,
        headers: {
          Origin: 'http://localhost:3000',
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${key} as ${persona} in production`).toBe(404);
    }
  }
});
