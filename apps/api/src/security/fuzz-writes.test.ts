/**
 * Property-based fuzzing of every write route (REQ-SEC), with fast-check: for each POST, PUT, PATCH and DELETE route
 * the app serves (read from Hono's route table: a new write route without a case here fails the first test), FUZZ_RUNS
 * generated requests (100 in `npm test`; up to 1,000 with a new seed each time in `npm run test:soak`, run by CI)
 * sent by a persona allowed to use the route: valid bodies with fields mutated into oversized strings, wrong types,
 * nested junk, awkward unicode and script payloads; junk and broken JSON; other media types; hostile path parameters;
 * and, for uploads, junk files (random bytes, zero bytes, huge declared sizes) and hostile form fields.
 *
 * Properties, per route:
 * - never a 5xx;
 * - every 4xx is `{ error: { code, message } }`, `code` 3 digits or upper case, `message` from the error catalogue
 *   (REQ-MSG-01 MESSAGES and every feature's *_MESSAGES, imported, never copied; testing/error-catalogue.ts);
 * - afterwards no text column of any table holds markup (`<` followed by a letter; testing/stored-markup.ts).
 *
 * Every problem of a route is collected (not just the first) and reported with the request that caused it and the
 * seed: FUZZ_SEED=<seed> FUZZ_RUNS=<n> repeats a run exactly. FUZZ_VERBOSE=1 prints each route's status counts.
 * FUZZ_BUDGET_S bounds the routes' fuzzing in time (see BUDGET_MS), as the soak does; a route that cannot reach
 * FUZZ_MIN_RUNS requests in its share fails.
 * Requests move the server clock on by two hours each (testing/security-world.ts), so no rate limit refuses them.
 *
 * Bugs found here and fixed are pinned by REGRESSIONS.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import sharp from 'sharp';
import { fc } from '@abode/shared/testing-fast-check';
import { eq } from 'drizzle-orm';
import { agents, feedBranchCodes, listingMedia, propertyPhotos } from '#src/db/schema.ts';
import {
  AGENT_PROFILE as FIXTURE_PROFILE,
  WIMBLEDON_SALE_DRAFT,
  WIMBLEDON_SALE_FACTS,
} from '#src/testing/fixtures.ts';
import { errorBodyProblem, loadErrorCatalogue, type ErrorCatalogue } from '#src/testing/error-catalogue.ts';
import {
  encodeSegment,
  fuzzBody,
  fuzzUpload,
  hostileSegment,
  type FuzzBody,
  type FuzzUpload,
} from '#src/testing/fuzz-payloads.ts';
import { writeRoutes } from '#src/testing/route-table.ts';
import { agencyIdOf, createAgencyIn } from '#src/features/admin/agencies/agency-fixtures.ts';
import { createFeedKeyFor } from '#src/features/feeds/keys/feed-key-fixtures.ts';
import { sampleCall } from '#src/features/feeds/rtdf/rtdf-fixtures.ts';
import { createSecurityWorld, type Persona, type SecurityWorld } from '#src/testing/security-world.ts';
import { insertTeamFixtures, type TeamFixtures } from '#src/features/agency/team/team-fixtures.ts';
import { findStoredMarkup, type StoredMarkup } from '#src/testing/stored-markup.ts';

/** Runs per route: 100 in `npm test` (≈80 s on PGlite), up to 1,000 in `npm run test:soak`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/**
 * The time the routes' fuzzing may take, in ms (FUZZ_BUDGET_S; none in `npm test`). With a budget, each route stops at
 * RUNS or at its share of the time left (left ÷ routes left, so what a quick route leaves over passes to the next),
 * whichever comes first: at 1,000 runs a route the whole file takes about 12 minutes alone on this machine, more on
 * a busy one, and the soak has a fixed limit.
 */
const BUDGET_MS = process.env.FUZZ_BUDGET_S ? Number(process.env.FUZZ_BUDGET_S) * 1000 : null;
/** The fewest requests a route must get within its share of the budget (FUZZ_MIN_RUNS; RUNS without a budget). */
const MIN_RUNS = Number(process.env.FUZZ_MIN_RUNS ?? RUNS);
/** A fixed seed unless FUZZ_SEED says otherwise ('random' for a new one each run, as the soak does). */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_260_501);

/** Records the routes act on, owned by the personas that run them. */
interface FuzzFixtures {
  publicListing: { id: string; slug: string };
  patchListing: string;
  deleteListing: string;
  uploadListing: string;
  photoListing: { id: string; photoIds: string[] };
  /** A listing with floor plans (REQ-LISTING-16): the first for captions, the second to delete. */
  mediaListing: { id: string; mediaIds: string[] };
  /** Pending listings of the agent: some to approve, others to reject. */
  toApprove: string[];
  toReject: string[];
  enquiryId: string;
  adminEnquiryId: string;
  savedSearchId: string;
  savedSearchToDelete: string;
  unsubscribeToken: string;
  suspendTarget: string;
  promoteTargetEmail: string;
  roleChangeTarget: string;
  demoteTarget: string;
  devDraftSlug: string;
  signInEmail: string;
  /** Agencies (ADR 029): one with its numbers recorded, to verify; one to suspend and reactivate. */
  agencies: { ready: string; toSuspend: string };
  agentEmail: string;
  png: Uint8Array;
  /** The agent's team (ADR 029): members, invitations and link secrets. */
  team: TeamFixtures;
  /** The agent's branch (ADR 029). */
  branchId: string;
  /** The agent's feed keys (ADR 030): one to change, one to revoke; and a CRM branch code to unmap. */
  feeds: { keyToChange: string; keyToRevoke: string; codeToRemove: string };
  /** RTDF (REQ-FEED-03): the agent's Bearer feed key and their branch's feed id. */
  rtdf: { authorization: string; feedBranchId: number };
}

/** One generated request's fixed part: where it goes, who sends it and the valid body its mutations start from. */
interface Target {
  url: string;
  as: Persona;
  valid: unknown;
  /** More request headers: a Bearer feed key (feed routes authenticate by key, not by the session). */
  headers?: Record<string, string>;
}

interface FuzzCase {
  /** The requests' targets; mutations of `valid` make the bodies. */
  target: (f: FuzzFixtures) => fc.Arbitrary<Target>;
  /** An upload route: multipart bodies with this file field and these text fields. */
  upload?: { file: string; fields: readonly string[] };
}

const SIGNED_IN = ['client', 'otherClient', 'agent', 'otherAgent', 'admin', 'superAdmin'] as const;

/** Targets at one URL, sent by any of `as`, from the valid body `valid`. */
const at = (url: string, as: readonly Persona[], valid: unknown = {}): fc.Arbitrary<Target> =>
  fc.constantFrom(...as).map((persona) => ({ url, as: persona, valid }));

const SALE_LISTING = {
  ...WIMBLEDON_SALE_DRAFT,
  ...WIMBLEDON_SALE_FACTS,
  status: 'active',
  availableFrom: '2026-09-01',
  furnished: 'unfurnished',
};

const AGENT_PROFILE = {
  ...FIXTURE_PROFILE,
  phoneSecondary: '020 7946 0002',
  bio: 'Selling homes in Wimbledon since 2004.',
  address: '1 The Broadway, London SW19 1AA',
  websiteUrl: 'https://harbourandvale.example.com',
  socialLinks: {
    linkedin: 'https://www.linkedin.com/company/example',
    facebook: 'https://facebook.com/example',
  },
  businessHours: { monday: '9am–6pm', saturday: '10am–4pm' },
  certifications: ['ARLA Propertymark'],
  languages: ['English', 'Polish'],
  yearsExperience: 20,
};

/** A branch's fields (ADR 029): the profile's without the agency name, which is the agency's. */
const { agencyName: _agencyName, ...BRANCH_PROFILE } = AGENT_PROFILE;

const SEARCH_FILTERS = {
  location: 'Wimbledon',
  mode: 'sale',
  type: 'house',
  minPrice: 300000,
  maxPrice: 900000,
  bedrooms: 2,
  bathrooms: 1,
  filters: ['garden'],
  keywords: 'victorian garden',
  radius: 1,
  includeUnderOffer: true,
  exclude: ['auction'],
};

/** better-auth's endpoints that write, minus those that end the sender's sessions (sign-out, revoke-*). */
const authTargets = (f: FuzzFixtures): fc.Arbitrary<Target> =>
  fc.oneof(
    fc.emailAddress().map((email) => ({
      url: '/api/auth/sign-up/email',
      as: 'visitor' as const,
      valid: { email, password: 'Zebra9!xyzw', firstName: 'Zoë', lastName: "O'Brien", role: 'client' },
    })),
    at('/api/auth/sign-in/email', ['visitor'], {
      email: f.signInEmail,
      password: 'Zebra9!xyzw',
      rememberMe: true,
    }),
    at('/api/auth/request-password-reset', ['visitor'], {
      email: f.signInEmail,
      redirectTo: '/reset-password',
    }),
    at('/api/auth/reset-password', ['visitor'], { newPassword: 'Zebra9!xyzw', token: 'not-a-real-token' }),
    at('/api/auth/send-verification-email', ['visitor'], { email: f.signInEmail, callbackURL: '/' }),
    // The current password is never the real one, so the persona keeps its session.
    at('/api/auth/change-password', ['otherClient'], {
      currentPassword: 'Wrong-password-1!',
      newPassword: 'Zebra9!xyzw2',
      revokeOtherSessions: false,
    }),
    at('/api/auth/change-email', ['otherClient'], {
      newEmail: 'new.address@example.com',
      callbackURL: '/profile',
    }),
    at('/api/auth/update-user', ['otherClient'], { name: 'New Name', role: 'agent' }),
    hostileSegment.map((segment) => ({
      url: `/api/auth/${encodeSegment(segment)}`,
      as: 'visitor' as const,
      valid: {},
    })),
  );

/** An RTDF call (REQ-FEED-03) by the agent's CRM, with its Bearer feed key. */
const rtdfAt = (f: FuzzFixtures, call: string, valid: unknown): fc.Arbitrary<Target> =>
  fc.constant({
    url: `/api/rtdf/v1/property/${call}`,
    as: 'agent' as const,
    valid,
    headers: { Authorization: f.rtdf.authorization },
  });

/** One case per write route the app serves (`METHOD path` as Hono records it). */
const CASES: Record<string, FuzzCase> = {
  'POST /api/auth/*': { target: authTargets },
  'POST /api/properties/:slug/views': {
    target: (f) => at(`/api/properties/${f.publicListing.slug}/views`, ['visitor', 'client']),
  },
  'POST /api/enquiries': {
    target: (f) =>
      at('/api/enquiries', ['visitor', 'client'], {
        propertyId: f.publicListing.id,
        name: 'Sam Taylor',
        email: 'sam.taylor@example.com',
        phone: '+44 (0)20 7946 0000',
        message: 'Could I view the house on Saturday?',
      }),
  },
  'POST /api/security-events': {
    target: () =>
      at('/api/security-events', ['visitor', 'client'], {
        events: [
          {
            type: 'suspicious_activity',
            severity: 'high',
            description: 'Script-like search input',
            metadata: { field: 'location', page: '/search', nested: { value: 'x' } },
            timestamp: '2026-05-01T10:00:00.000Z',
          },
        ],
      }),
  },
  'POST /api/alerts/unsubscribe': {
    target: (f) => at('/api/alerts/unsubscribe', ['visitor'], { token: f.unsubscribeToken }),
  },
  'POST /api/alerts/unsubscribe/one-click': {
    target: (f) => at(`/api/alerts/unsubscribe/one-click?token=${f.unsubscribeToken}`, ['visitor'], {}),
  },

  'PATCH /api/me/profile': {
    target: () =>
      at('/api/me/profile', SIGNED_IN, {
        firstName: 'Zoë',
        lastName: "O'Brien-Smith",
        phone: '07700 900123',
      }),
  },
  // The password is wrong: the account stays, and every body is still checked in full.
  'DELETE /api/me': {
    target: () =>
      at('/api/me', ['client', 'otherClient'], { password: 'Not-the-password-1!', confirmation: 'DELETE' }),
  },
  'PUT /api/me/favourites/:propertyId': {
    target: (f) => at(`/api/me/favourites/${f.publicListing.id}`, SIGNED_IN),
  },
  'DELETE /api/me/favourites/:propertyId': {
    target: (f) => at(`/api/me/favourites/${f.publicListing.id}`, SIGNED_IN),
  },
  'POST /api/me/saved-searches': {
    target: () =>
      at('/api/me/saved-searches', SIGNED_IN, {
        searchParams: SEARCH_FILTERS,
        label: 'Family homes near Wimbledon',
        emailAlerts: true,
        alertFrequency: 'daily',
      }),
  },
  'PATCH /api/me/saved-searches/:id': {
    target: (f) =>
      at(`/api/me/saved-searches/${f.savedSearchId}`, ['client'], {
        label: 'Renamed search',
        emailAlerts: false,
        alertFrequency: 'instant',
      }),
  },
  'DELETE /api/me/saved-searches/:id': {
    target: (f) => at(`/api/me/saved-searches/${f.savedSearchToDelete}`, ['client']),
  },

  'PATCH /api/agent/enquiries/:id': {
    target: (f) => at(`/api/agent/enquiries/${f.enquiryId}`, ['agent'], { status: 'in_progress' }),
  },
  'PATCH /api/agent/enquiries/:id/assignment': {
    target: (f) => at(`/api/agent/enquiries/${f.enquiryId}/assignment`, ['agent'], { memberId: null }),
  },
  'POST /api/agent/enquiries/:id/notes': {
    target: (f) =>
      at(`/api/agent/enquiries/${f.enquiryId}/notes`, ['agent'], { body: 'Called back on Tuesday.' }),
  },
  'POST /api/agent/enquiries/:id/replies': {
    target: (f) =>
      at(`/api/agent/enquiries/${f.enquiryId}/replies`, ['agent'], { body: 'Saturday at 10am suits us.' }),
  },
  'POST /api/agent/properties': {
    target: () => at('/api/agent/properties', ['agent', 'otherAgent'], SALE_LISTING),
  },
  'POST /api/agent/properties/bulk': {
    target: (f) =>
      at('/api/agent/properties/bulk', ['agent'], {
        ids: [f.patchListing],
        action: 'status',
        status: 'active',
      }),
  },
  'PATCH /api/agent/properties/:id': {
    target: (f) => at(`/api/agent/properties/${f.patchListing}`, ['agent'], SALE_LISTING),
  },
  'DELETE /api/agent/properties/:id': {
    target: (f) => at(`/api/agent/properties/${f.deleteListing}`, ['agent']),
  },
  'POST /api/agent/properties/:id/photos': {
    target: (f) => at(`/api/agent/properties/${f.uploadListing}/photos`, ['agent']),
    upload: { file: 'file', fields: ['alt'] },
  },
  'PATCH /api/agent/properties/:id/photos/:photoId': {
    target: (f) =>
      at(`/api/agent/properties/${f.photoListing.id}/photos/${f.photoListing.photoIds[0]}`, ['agent'], {
        altText: 'The garden from the kitchen',
      }),
  },
  'PUT /api/agent/properties/:id/photos/order': {
    target: (f) =>
      at(`/api/agent/properties/${f.photoListing.id}/photos/order`, ['agent'], {
        photoIds: [...f.photoListing.photoIds].reverse(),
      }),
  },
  'POST /api/agent/properties/:id/photos/:photoId/main': {
    target: (f) =>
      at(`/api/agent/properties/${f.photoListing.id}/photos/${f.photoListing.photoIds[1]}/main`, ['agent']),
  },
  'DELETE /api/agent/properties/:id/photos/:photoId': {
    target: (f) =>
      at(`/api/agent/properties/${f.photoListing.id}/photos/${f.photoListing.photoIds[2]}`, ['agent']),
  },
  'POST /api/agent/properties/:id/media': {
    target: (f) => at(`/api/agent/properties/${f.uploadListing}/media`, ['agent']),
    upload: { file: 'file', fields: ['kind', 'caption'] },
  },
  'PATCH /api/agent/properties/:id/media/:mediaId': {
    target: (f) =>
      at(`/api/agent/properties/${f.mediaListing.id}/media/${f.mediaListing.mediaIds[0]}`, ['agent'], {
        caption: 'Ground floor',
      }),
  },
  'DELETE /api/agent/properties/:id/media/:mediaId': {
    target: (f) =>
      at(`/api/agent/properties/${f.mediaListing.id}/media/${f.mediaListing.mediaIds[1]}`, ['agent']),
  },
  'POST /api/agent/profile/logo': {
    target: () => at('/api/agent/profile/logo', ['agent', 'otherAgent']),
    upload: { file: 'file', fields: [] },
  },
  'DELETE /api/agent/profile/logo': { target: () => at('/api/agent/profile/logo', ['agent', 'otherAgent']) },
  'PATCH /api/agent/profile': {
    target: () => at('/api/agent/profile', ['agent', 'otherAgent'], AGENT_PROFILE),
  },
  // Both agents have a profile: a valid body is a 409, a mutated one a 400 or the 409 (REQ-SEC).
  'POST /api/agent/profile': {
    target: () => at('/api/agent/profile', ['agent', 'otherAgent'], AGENT_PROFILE),
  },
  'PATCH /api/agent/agency': {
    target: () =>
      at('/api/agent/agency', ['otherAgent'], {
        name: 'Harbour & Vale',
        redressScheme: 'tpo',
        redressMembershipNumber: 'T01234',
        cmpScheme: 'safeagent',
        cmpMembershipNumber: 'SA-0042',
      }),
  },
  'PATCH /api/agent/settings': {
    target: () => at('/api/agent/settings', ['agent', 'otherAgent'], { notifyNewEnquiries: true }),
  },
  // Branches (ADR 029): the profile's fields without the agency name, and the departments.
  'POST /api/agent/branches': {
    target: () =>
      at('/api/agent/branches', ['agent', 'otherAgent'], {
        ...BRANCH_PROFILE,
        branchName: 'Reading',
        handlesSales: true,
        handlesLettings: false,
      }),
  },
  'PATCH /api/agent/branches/:id': {
    target: (f) =>
      at(`/api/agent/branches/${f.branchId}`, ['agent'], {
        ...BRANCH_PROFILE,
        handlesSales: true,
        handlesLettings: true,
      }),
  },
  'POST /api/agent/branches/:id/logo': {
    target: (f) => at(`/api/agent/branches/${f.branchId}/logo`, ['agent']),
    upload: { file: 'file', fields: [] },
  },
  'DELETE /api/agent/branches/:id/logo': {
    target: (f) => at(`/api/agent/branches/${f.branchId}/logo`, ['agent']),
  },

  // The agency's team (ADR 029): the member is removed once, then 404; the link is used once, then 404.
  'POST /api/agent/team/invitations': {
    target: () =>
      at('/api/agent/team/invitations', ['agent', 'otherAgent'], {
        email: 'fuzz.invitee@example.com',
        role: 'owner',
        branchIds: [],
      }),
  },
  'DELETE /api/agent/team/invitations/:id': {
    target: (f) => at(`/api/agent/team/invitations/${f.team.invitationToRevoke}`, ['agent']),
  },
  'POST /api/agent/team/invitations/:id/resend': {
    target: (f) => at(`/api/agent/team/invitations/${f.team.invitationToResend}/resend`, ['agent']),
  },
  'PATCH /api/agent/team/members/:memberId': {
    target: (f) =>
      at(`/api/agent/team/members/${f.team.memberToChange}`, ['agent'], { role: 'branch-manager' }),
  },
  'DELETE /api/agent/team/members/:memberId': {
    target: (f) => at(`/api/agent/team/members/${f.team.memberToRemove}`, ['agent']),
  },
  // Listing feeds (ADR 030): keys made until the agency's limit (then 409), a key revoked once (then 404).
  'POST /api/agent/api-keys': {
    target: (f) =>
      at('/api/agent/api-keys', ['agent', 'otherAgent'], {
        name: 'Reapit Foundations',
        branchId: f.branchId,
        withdrawAbsent: false,
      }),
  },
  'PATCH /api/agent/api-keys/:id': {
    target: (f) =>
      at(`/api/agent/api-keys/${f.feeds.keyToChange}`, ['agent'], { name: 'Alto', withdrawAbsent: true }),
  },
  'DELETE /api/agent/api-keys/:id': {
    target: (f) => at(`/api/agent/api-keys/${f.feeds.keyToRevoke}`, ['agent']),
  },
  'PUT /api/agent/feed-branch-codes/:code': {
    target: (f) =>
      at('/api/agent/feed-branch-codes/WIM-01', ['agent', 'otherAgent'], { branchId: f.branchId }),
  },
  'DELETE /api/agent/feed-branch-codes/:code': {
    target: (f) => at(`/api/agent/feed-branch-codes/${f.feeds.codeToRemove}`, ['agent']),
  },
  // RTDF (REQ-FEED-03): the agent's CRM with its Bearer feed key, from Rightmove's sample calls.
  'POST /api/rtdf/v1/property/sendpropertydetails': {
    target: (f) => rtdfAt(f, 'sendpropertydetails', sampleCall(f.rtdf.feedBranchId, 'FUZZ-RTDF')),
  },
  'POST /api/rtdf/v1/property/removeproperty': {
    target: (f) =>
      rtdfAt(f, 'removeproperty', {
        network: { network_id: 5 },
        branch: { branch_id: f.rtdf.feedBranchId, channel: 1 },
        property: { agent_ref: 'FUZZ-RTDF', removal_reason: 9, transaction_date: '26-11-2026 09:00:00' },
      }),
  },
  'POST /api/rtdf/v1/property/getbranchpropertylist': {
    target: (f) =>
      rtdfAt(f, 'getbranchpropertylist', {
        network: { network_id: 5 },
        branch: { branch_id: f.rtdf.feedBranchId, channel: 1 },
      }),
  },
  // BLM uploads (REQ-FEED-07): junk files and fields, with the agent's feed key and in the Bulk upload screen.
  'POST /api/feeds/blm': {
    target: (f) =>
      fc.constant({
        url: '/api/feeds/blm',
        as: 'agent' as const,
        valid: {},
        headers: { Authorization: f.rtdf.authorization },
      }),
    upload: { file: 'file', fields: [] },
  },
  'POST /api/agent/feeds/blm': {
    target: () => at('/api/agent/feeds/blm', ['agent', 'otherAgent']),
    upload: { file: 'file', fields: ['branchId', 'withdrawAbsent'] },
  },
  'POST /api/agency-invitations/:token/accept': {
    target: (f) =>
      at(`/api/agency-invitations/${f.team.acceptTokens[0]}/accept`, ['visitor'], {
        firstName: 'Zoë',
        lastName: "O'Brien",
        password: 'Tidy!Harbour#Lamp7',
      }),
  },

  'POST /api/admin/users/:id/suspend': {
    target: (f) => at(`/api/admin/users/${f.suspendTarget}/suspend`, ['superAdmin']),
  },
  'POST /api/admin/agencies/:id/verify': {
    target: (f) => at(`/api/admin/agencies/${f.agencies.ready}/verify`, ['admin', 'superAdmin']),
  },
  'POST /api/admin/agencies/:id/suspend': {
    target: (f) =>
      at(`/api/admin/agencies/${f.agencies.toSuspend}/suspend`, ['superAdmin'], {
        reason: 'Redress scheme membership lapsed.',
      }),
  },
  'POST /api/admin/agencies/:id/reactivate': {
    target: (f) => at(`/api/admin/agencies/${f.agencies.toSuspend}/reactivate`, ['admin', 'superAdmin']),
  },
  // A user without two-factor: each valid request is the 400 of ADR 031's reset; the policy keeps both rules off.
  'POST /api/admin/users/:id/two-factor/reset': {
    target: (f) => at(`/api/admin/users/${f.suspendTarget}/two-factor/reset`, ['superAdmin']),
  },
  'PUT /api/admin/two-factor-policy': {
    target: () =>
      at('/api/admin/two-factor-policy', ['superAdmin'], {
        requireForAdmins: false,
        requireForAgencyManagers: false,
      }),
  },
  'POST /api/admin/users/:id/reactivate': {
    target: (f) => at(`/api/admin/users/${f.suspendTarget}/reactivate`, ['admin', 'superAdmin']),
  },
  'POST /api/admin/properties/:id/approve': {
    target: (f) =>
      fc
        .constantFrom(...f.toApprove)
        .chain((id) => at(`/api/admin/properties/${id}/approve`, ['admin', 'superAdmin'])),
  },
  'POST /api/admin/properties/bulk': {
    target: (f) =>
      fc.oneof(
        at('/api/admin/properties/bulk', ['admin', 'superAdmin'], { ids: f.toApprove, action: 'approve' }),
        at('/api/admin/properties/bulk', ['admin', 'superAdmin'], {
          ids: f.toReject,
          action: 'reject',
          reason: 'Please add a photo of the kitchen.',
        }),
      ),
  },
  'POST /api/admin/properties/:id/reject': {
    target: (f) =>
      fc.constantFrom(...f.toReject).chain((id) =>
        at(`/api/admin/properties/${id}/reject`, ['admin', 'superAdmin'], {
          reason: 'Please add a photo of the kitchen.',
        }),
      ),
  },
  'PATCH /api/admin/enquiries/:id': {
    target: (f) =>
      fc
        .constantFrom('new', 'in_progress', 'closed')
        .chain((status) =>
          at(`/api/admin/enquiries/${f.adminEnquiryId}`, ['admin', 'superAdmin'], { status }),
        ),
  },
  'POST /api/admin/team': {
    target: (f) => at('/api/admin/team', ['superAdmin'], { email: f.promoteTargetEmail, adminRole: 'admin' }),
  },
  'PATCH /api/admin/team/:userId': {
    target: (f) =>
      fc
        .constantFrom('admin', 'super_admin')
        .chain((adminRole) => at(`/api/admin/team/${f.roleChangeTarget}`, ['superAdmin'], { adminRole })),
  },
  'DELETE /api/admin/team/:userId': {
    target: (f) => at(`/api/admin/team/${f.demoteTarget}`, ['superAdmin']),
  },

  'POST /api/dev/publish-listing': {
    target: (f) =>
      at('/api/dev/publish-listing', ['visitor'], {
        slug: f.devDraftSlug,
        location: 'Wimbledon',
        mode: 'sale',
      }),
  },
  'POST /api/dev/run-alerts': { target: () => at('/api/dev/run-alerts', ['visitor']) },
  'POST /api/dev/verify-agency': {
    target: (f) => at('/api/dev/verify-agency', ['visitor'], { email: f.agentEmail }),
  },
  'POST /api/dev/agent-user': {
    target: () =>
      at('/api/dev/agent-user', ['visitor'], {
        email: 'fuzz.agent@example.com',
        password: 'Tidy!Harbour#Lamp7',
        firstName: 'Siân',
      }),
  },
};

let world: SecurityWorld;
let f: FuzzFixtures;
let catalogue: ErrorCatalogue;
/** Stored markup found before the route under test ran (fixtures, earlier routes): reported once. */
const knownMarkup = new Set<string>();

beforeAll(async () => {
  world = await createSecurityWorld();
  catalogue = await loadErrorCatalogue();
  const { make } = world;
  const pendingListing = async () =>
    (await make.listing('agent', { status: 'active', approvalStatus: 'pending', approvedAt: null })).listing
      .id;
  const photoListing = await make.listing('agent');
  // A third photo, for the delete route (the first two stay for alt text, order and main).
  const [third] = await world.handle.db
    .insert(propertyPhotos)
    .values({
      propertyId: photoListing.listing.id,
      url: '/media/demo/bathroom-1.svg',
      altText: 'Bathroom',
      orderIndex: 2,
    })
    .returning();
  const mediaListing = (await make.listing('agent')).listing.id;
  const mediaRows = await world.handle.db
    .insert(listingMedia)
    .values(
      [0, 1].map((orderIndex) => ({
        propertyId: mediaListing,
        kind: 'floor-plan',
        format: 'image',
        url: '/media/demo/bathroom-1.svg',
        orderIndex,
      })),
    )
    .returning();
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#8a8' } })
    .png()
    .toBuffer();
  const [suspendTarget, promoteTarget, roleChangeTarget, demoteTarget, signInUser] = [
    await make.user(),
    await make.user(),
    await make.user({ admin: 'admin' }),
    await make.user({ admin: 'admin' }),
    await make.user(),
  ];
  f = {
    publicListing: { id: world.fixtures.publicListing.id, slug: world.fixtures.publicListing.slug },
    patchListing: (await make.listing('agent')).listing.id,
    deleteListing: (await make.listing('agent')).listing.id,
    uploadListing: (await make.listing('agent')).listing.id,
    photoListing: {
      id: photoListing.listing.id,
      photoIds: [...photoListing.photoIds, third!.id],
    },
    mediaListing: { id: mediaListing, mediaIds: mediaRows.map((m) => m.id) },
    toApprove: [await pendingListing(), await pendingListing(), await pendingListing()],
    toReject: [
      await pendingListing(),
      await pendingListing(),
      await pendingListing(),
      await pendingListing(),
    ],
    enquiryId: world.fixtures.enquiryId,
    adminEnquiryId: await make.enquiry(world.fixtures.publicListing.id),
    savedSearchId: world.fixtures.savedSearchId,
    savedSearchToDelete: (await make.savedSearch('client')).id,
    unsubscribeToken: world.fixtures.unsubscribeToken,
    suspendTarget: suspendTarget.userId,
    promoteTargetEmail: promoteTarget.email,
    roleChangeTarget: roleChangeTarget.userId,
    demoteTarget: demoteTarget.userId,
    devDraftSlug: (
      await make.listing('otherAgent', { status: 'draft', approvalStatus: 'pending', approvedAt: null })
    ).listing.slug,
    signInEmail: signInUser.email,
    agencies: {
      ready: (await createAgencyIn(world.handle.db, 'ready')).agencyId,
      toSuspend: (await createAgencyIn(world.handle.db, 'verified')).agencyId,
    },
    agentEmail: world.users.agent.email,
    png: new Uint8Array(png),
    team: await insertTeamFixtures(world.handle.db, world.users.agent.userId, 1),
    branchId: world.fixtures.publicListing.agentId,
    feeds: await insertFeedFixtures(),
    rtdf: await insertRtdfKey(),
  };
  for (const m of await findStoredMarkup(world.handle.db)) knownMarkup.add(markupKey(m));
});

afterAll(async () => {
  await world?.close();
});

/** The agent's feed keys and a mapped CRM branch code (ADR 030). */
async function insertFeedFixtures(): Promise<FuzzFixtures['feeds']> {
  const branchId = world.fixtures.publicListing.agentId;
  const userId = world.users.agent.userId;
  const agencyId = await agencyIdOf(world.handle.db, userId);
  const codeToRemove = 'FUZZ-GONE';
  await world.handle.db.insert(feedBranchCodes).values({ agencyId, code: codeToRemove, branchId });
  return {
    keyToChange: (await createFeedKeyFor(world.handle.db, { userId, agencyId, branchId })).id,
    keyToRevoke: (await createFeedKeyFor(world.handle.db, { userId, agencyId, branchId })).id,
    codeToRemove,
  };
}

/** RTDF (REQ-FEED-03): a feed key of the agent's branch and the branch's feed id. */
async function insertRtdfKey(): Promise<FuzzFixtures['rtdf']> {
  const branchId = world.fixtures.publicListing.agentId;
  const userId = world.users.agent.userId;
  const agencyId = await agencyIdOf(world.handle.db, userId);
  const [branch] = await world.handle.db
    .select({ feedBranchId: agents.feedBranchId })
    .from(agents)
    .where(eq(agents.id, branchId));
  const key = await createFeedKeyFor(world.handle.db, { userId, agencyId, branchId });
  return { authorization: key.authorization, feedBranchId: branch!.feedBranchId };
}

const markupKey = (m: StoredMarkup) => `${m.table}.${m.column}: ${m.sample}`;

test('every write route the app serves has a fuzz case, and every case a served route', () => {
  const served = writeRoutes(world.app).map((r) => r.key);
  const missing = served.filter((key) => !(key in CASES));
  const stale = Object.keys(CASES).filter((key) => !served.includes(key));
  expect(
    missing,
    `write routes without a fuzz case in CASES (fuzz-writes.test.ts): ${missing.join(', ')}`,
  ).toEqual([]);
  expect(stale, `fuzz cases for routes the app no longer serves: ${stale.join(', ')}`).toEqual([]);
});

/** A generated request: the target, its body, and maybe hostile path parameters or query values. */
interface FuzzRequest {
  target: Target;
  body: FuzzBody | FuzzUpload;
  /** Replaces the path parameter at this index of the route's `:param`s. */
  param: { index: number; value: string } | null;
  query: string | null;
}

function requestArbitrary(key: string, fuzzCase: FuzzCase): fc.Arbitrary<FuzzRequest> {
  const params = (key.split(' ')[1] ?? '').split('/').filter((s) => s.startsWith(':')).length;
  return fuzzCase.target(f).chain((target) =>
    fc.record({
      target: fc.constant(target),
      body: fuzzCase.upload
        ? fuzzUpload(fuzzCase.upload.file, fuzzCase.upload.fields, f.png)
        : fuzzBody(fc.constant(target.valid)),
      param:
        params === 0
          ? fc.constant(null)
          : fc.oneof(
              { weight: 6, arbitrary: fc.constant(null) },
              {
                weight: 1,
                arbitrary: fc.record({
                  index: fc.integer({ min: 0, max: params - 1 }),
                  value: hostileSegment,
                }),
              },
            ),
      query: target.url.includes('?')
        ? fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileSegment })
        : fc.constant(null),
    }),
  );
}

/** The URL of a request: the target's, with the hostile parameter or query value put in. */
function urlOf(key: string, request: FuzzRequest): string {
  let url = request.target.url;
  if (request.param) {
    const pattern = (key.split(' ')[1] ?? '').split('/');
    const paramPositions = pattern.flatMap((s, i) => (s.startsWith(':') ? [i] : []));
    const segments = url.split('?')[0]!.split('/');
    segments[paramPositions[request.param.index]!] = encodeSegment(request.param.value);
    url = segments.join('/') + (url.includes('?') ? `?${url.split('?')[1]}` : '');
  }
  if (request.query !== null) {
    const [pathPart, query] = url.split('?') as [string, string];
    const name = query.split('=')[0]!;
    url = `${pathPart}?${name}=${encodeSegment(request.query)}`;
  }
  return url;
}

function send(method: string, url: string, request: FuzzRequest): Promise<Response> {
  const body = request.body;
  const persona = request.target.as;
  const extra = request.target.headers ?? {};
  if (body.kind === 'none') return world.send(persona, method, url, { headers: extra });
  if (body.kind === 'json') {
    const text = JSON.stringify(body.value);
    if (text === undefined) return world.send(persona, method, url, { headers: extra });
    return world.send(persona, method, url, {
      body: text,
      headers: { 'Content-Type': 'application/json', ...extra },
    });
  }
  if (body.kind === 'raw') {
    return world.send(persona, method, url, {
      body: body.text,
      headers: { ...(body.contentType === null ? {} : { 'Content-Type': body.contentType }), ...extra },
    });
  }
  const form = new FormData();
  for (const part of body.parts) {
    if ('text' in part) form.append(part.name, part.text);
    else
      form.append(
        part.name,
        new File([part.file.bytes as Uint8Array<ArrayBuffer>], part.file.filename, { type: part.file.type }),
      );
  }
  return world.send(persona, method, url, {
    body: form,
    headers: { ...(body.declaredLength === null ? {} : { 'Content-Length': body.declaredLength }), ...extra },
  });
}

/** A short, readable account of a request for the failure message. */
function describeRequest(method: string, url: string, request: FuzzRequest): string {
  const body = request.body;
  const shown =
    body.kind === 'json'
      ? JSON.stringify(body.value)
      : body.kind === 'raw'
        ? `${body.contentType ?? '(no content type)'}: ${JSON.stringify(body.text)}`
        : body.kind === 'form'
          ? `multipart ${JSON.stringify(
              body.parts.map((p) =>
                'text' in p ? { [p.name]: p.text } : { [p.name]: `${p.file.bytes.length} bytes` },
              ),
            )}${body.declaredLength ? ` Content-Length: ${body.declaredLength}` : ''}`
          : '(no body)';
  return `${method} ${url.slice(0, 200)} as ${request.target.as}: ${(shown ?? '').slice(0, 300)}`;
}

let budgetEnd: number | null = null;
let routesLeft = Object.keys(CASES).length;
/** Requests sent per route (the summary printed after the run). */
const requestsSent = new Map<string, number>();

/** This route's share of what is left of the budget, in ms, or null without one (the budget starts at the first). */
function budgetShare(): number | null {
  if (BUDGET_MS === null) return null;
  budgetEnd ??= performance.now() + BUDGET_MS;
  const share = Math.max(0, budgetEnd - performance.now()) / routesLeft;
  routesLeft -= 1;
  return share;
}

afterAll(() => {
  if (!requestsSent.size) return;
  const counts = [...requestsSent.values()].sort((a, b) => a - b);
  const fewest = [...requestsSent].find(([, n]) => n === counts[0])![0];
  const total = counts.reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `fuzz summary: ${total} requests over ${counts.length} routes, seed ${SEED}; a route at most ${RUNS}, ` +
      `median ${counts[Math.floor(counts.length / 2)]}, fewest ${counts[0]} (${fewest})` +
      `${BUDGET_MS === null ? '' : `; budget ${BUDGET_MS / 1000} s`}\n`,
  );
});

test.each(Object.entries(CASES))(
  `%s: ${BUDGET_MS === null ? '' : 'up to '}${RUNS} generated requests, never a 5xx, every 4xx a catalogue error, nothing stored unsanitised`,
  async (key, fuzzCase) => {
    const method = key.split(' ')[0]!;
    /** Problems by kind, with the first requests that showed each. */
    const problems = new Map<string, { count: number; examples: string[] }>();
    const note = (kind: string, example: string) => {
      const entry = problems.get(kind) ?? { count: 0, examples: [] };
      entry.count += 1;
      if (entry.examples.length < 3) entry.examples.push(example);
      problems.set(kind, entry);
    };
    const statuses = new Map<number, number>();
    const started = performance.now();
    const share = budgetShare();
    /** The request under way: the time limit stops the runs, not a request, which is awaited before the checks. */
    let inFlight: Promise<void> = Promise.resolve();
    const check = async (request: FuzzRequest) => {
      const url = urlOf(key, request);
      const res = await send(method, url, request);
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500)
        note(`${res.status} ${text.slice(0, 200)}`, describeRequest(method, url, request));
      else if (res.status >= 400) {
        const problem = errorBodyProblem(catalogue, key, text);
        if (problem) note(`${res.status}: ${problem}`, describeRequest(method, url, request));
      }
    };
    await fc.assert(
      fc.asyncProperty(requestArbitrary(key, fuzzCase), (request) => (inFlight = check(request))),
      {
        numRuns: RUNS,
        seed: SEED,
        ...(share === null ? {} : { plugins: [fc.interruptAfterTimeLimit(share)] }),
      },
    );
    await inFlight;
    const sent = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    requestsSent.set(key, sent);
    for (const m of await findStoredMarkup(world.handle.db)) {
      if (knownMarkup.has(markupKey(m))) continue;
      knownMarkup.add(markupKey(m));
      note(`stored markup in ${m.table}.${m.column}`, m.sample);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (process.env.FUZZ_VERBOSE) {
      const counts = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
      process.stdout.write(`${key}: ${seconds} s ${JSON.stringify(counts)}\n`);
    }
    const report = [...problems].map(
      ([kind, { count, examples }]) => `- ${kind} (×${count}), e.g.\n    ${examples.join('\n    ')}`,
    );
    expect(report, `${key}: ${sent} runs in ${seconds} s, seed ${SEED}\n${report.join('\n')}`).toEqual([]);
    expect(sent, `${key}: ${sent} requests in ${seconds} s, fewer than FUZZ_MIN_RUNS`).toBeGreaterThanOrEqual(
      MIN_RUNS,
    );
  },
  600_000,
);

/** Bugs the fuzzing found and that were fixed, each pinned by the request that showed it. */
const REGRESSIONS: {
  as: Persona;
  method: string;
  url: string;
  body?: unknown;
  type?: string;
  status: number;
}[] = [
  // A NUL in an unsubscribe token reached PostgreSQL: 500.
  { as: 'visitor', method: 'POST', url: '/api/alerts/unsubscribe', body: { token: 'a\u0000b' }, status: 404 },
  { as: 'visitor', method: 'GET', url: '/api/alerts/unsubscribe?token=a%00b', status: 404 },
  { as: 'visitor', method: 'POST', url: '/api/dev/publish-listing', body: { slug: 'a\u0000b' }, status: 400 },
  // Profile forms answered zod's own texts ('Invalid input: expected string, received number').
  {
    as: 'client',
    method: 'PATCH',
    url: '/api/me/profile',
    body: { firstName: 'Zoë', phone: 42 },
    status: 400,
  },
  { as: 'client', method: 'DELETE', url: '/api/me', body: true, status: 400 },
  // better-auth's own texts ('[body.email] Invalid email address', media-type errors) and bare 404s reached users.
  { as: 'visitor', method: 'POST', url: '/api/auth/no-such-endpoint', body: {}, status: 404 },
  {
    as: 'visitor',
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: { email: 'x@example.com', redirectTo: 5 },
    status: 400,
  },
  {
    as: 'visitor',
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: 'email=x@example.com',
    type: 'text/plain',
    status: 415,
  },
  {
    as: 'visitor',
    method: 'POST',
    url: '/api/auth/sign-up/email',
    body: { email: 'role@example.com', password: 'Zebra9!xyzw', firstName: 'Jo', role: {} },
    status: 400,
  },
  { as: 'otherClient', method: 'POST', url: '/api/auth/change-email', body: { newEmail: [] }, status: 400 },
  // better-auth failed with 500 on a NUL token, a lone surrogate or non-ASCII in a redirect target.
  {
    as: 'visitor',
    method: 'POST',
    url: '/api/auth/reset-password',
    body: { newPassword: 'Zebra9!xyzw', token: '\u0000' },
    status: 400,
  },
  {
    as: 'visitor',
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: { email: 'x@example.com', redirectTo: '/\ud800' },
    status: 400,
  },
  {
    as: 'otherClient',
    method: 'POST',
    url: '/api/auth/change-email',
    body: { newEmail: 'new@example.com', callbackURL: 'x\udc00y' },
    status: 400,
  },
  { as: 'visitor', method: 'GET', url: '/api/auth/verify-email?token=a&callbackURL=%C3%A9', status: 400 },
  // A NUL byte in a path parameter or `q=` reached PostgreSQL (SQLSTATE 22021) and answered 500.
  { as: 'visitor', method: 'POST', url: '/api/properties/a%00b/views', status: 400 },
  { as: 'visitor', method: 'GET', url: '/api/properties/a%00b', status: 400 },
  { as: 'superAdmin', method: 'POST', url: '/api/admin/users/a%00b/suspend', status: 400 },
  { as: 'admin', method: 'POST', url: '/api/admin/users/a%00b/reactivate', status: 400 },
  {
    as: 'superAdmin',
    method: 'PATCH',
    url: '/api/admin/team/a%00b',
    body: { adminRole: 'admin' },
    status: 400,
  },
  { as: 'superAdmin', method: 'DELETE', url: '/api/admin/team/a%00b', status: 400 },
  { as: 'admin', method: 'GET', url: '/api/admin/users?q=%00', status: 400 },
  { as: 'admin', method: 'GET', url: '/api/admin/audit-logs?q=%00', status: 400 },
  { as: 'agent', method: 'GET', url: '/api/agent/enquiries?q=%00', status: 400 },
  // A saved search's filter list holding objects whose String() throws (`{"toString":1}`) answered 500.
  {
    as: 'client',
    method: 'POST',
    url: '/api/me/saved-searches',
    body: { searchParams: { exclude: [{ toString: 1 }] } },
    status: 400,
  },
  {
    as: 'client',
    method: 'POST',
    url: '/api/me/saved-searches',
    body: { searchParams: { filters: { valueOf: 1, toString: 1 } } },
    status: 400,
  },
];

test.each(REGRESSIONS)('fixed: $method $url as $as → $status with a catalogue error', async (r) => {
  const text = r.type ? String(r.body) : JSON.stringify(r.body);
  const res =
    r.body === undefined
      ? await world.send(r.as, r.method, r.url)
      : await world.send(r.as, r.method, r.url, {
          body: text,
          headers: { 'Content-Type': r.type ?? 'application/json' },
        });
  const body = await res.text();
  expect(res.status, body).toBe(r.status);
  expect(errorBodyProblem(catalogue, `${r.method} ${r.url.split('?')[0]}`, body)).toBeNull();
});
