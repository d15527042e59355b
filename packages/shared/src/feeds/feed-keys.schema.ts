/**
 * Listing feed keys and branch codes (REQ-FEED-01, ADR 030): what an agency owner or branch manager sends and reads in
 * Settings › Listing feeds (`/api/agent/api-keys`, `/api/agent/feed-branch-codes`). A key is the Bearer secret a
 * CRM sends to the RTDF and BLM endpoints; it is shown once, when made, and kept only as a hash.
 */
import { z } from 'zod';
import { sanitisedText } from '../sanitise.ts';

export const FEED_KEY_NAME_MAX_LENGTH = 60;
/** Keys an agency may hold at once (revoked ones do not count). */
export const FEED_KEYS_PER_AGENCY_MAX = 20;
/** A CRM's branch code (BLM `BRANCH_ID`): letters, digits and - _ . / up to 40 characters. */
export const FEED_BRANCH_CODE_MAX_LENGTH = 40;
export const FEED_BRANCH_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/;
/** How every key starts: tells a leaked secret apart in logs and secret scanners. */
export const FEED_KEY_PREFIX = 'abode_feed_';

export const FEED_KEY_MESSAGES = {
  nameRequired: 'Give the key a name',
  nameTooLong: `A key's name can be at most ${FEED_KEY_NAME_MAX_LENGTH} characters`,
  nameInvalid: 'Key names cannot contain HTML or script content',
  branchUnknown: 'Choose one of your branches',
  tooMany: `An agency can have at most ${FEED_KEYS_PER_AGENCY_MAX} feed keys; revoke one first`,
  codeInvalid: `A branch code is 1 to ${FEED_BRANCH_CODE_MAX_LENGTH} letters, digits, or - _ . /`,
  /** The Bearer key is missing, unknown or revoked (401). */
  keyInvalid: 'This feed key is not valid. Check the key, or create a new one in Settings › Listing feeds',
  /** No key of the caller's branches has this id, or it was revoked (404). */
  keyNotFound: 'This feed key does not exist or has been revoked',
  /** No branch code of the caller's branches is this one (404). */
  codeNotFound: 'This branch code is not mapped to any of your branches',
  /** The code is mapped to a branch of the agency that the caller does not manage (409). */
  codeTaken: 'This branch code is mapped to a branch you do not manage; ask the agency’s owner to change it',
  // The Listing feeds screen's own words.
  loadFailed: 'We could not load your feed keys. Please try again.',
  codesLoadFailed: 'We could not load your branch codes. Please try again.',
  failed: 'That did not work. Please try again.',
  created: 'Feed key created',
  shownOnce: 'Copy this key now: for your security it will not be shown again.',
  copied: 'Key copied',
  copyFailed: 'Your browser would not copy the key; select it and copy it yourself',
  updated: 'Feed key saved',
  revoked: 'Feed key revoked',
  revokeConfirm:
    'The CRM using this key is refused at once, on its very next call. Listings it sent stay as they are.',
  codeSaved: 'Branch code saved',
  codeRemoved: 'Branch code removed',
} as const;

const name = sanitisedText(FEED_KEY_NAME_MAX_LENGTH, {
  required: FEED_KEY_MESSAGES.nameRequired,
  tooLong: FEED_KEY_MESSAGES.nameTooLong,
  scriptLike: FEED_KEY_MESSAGES.nameInvalid,
  singleLine: true,
});

/**
 * A branch as a key or a branch code names it: its id (uuid), or its numeric feed id (`feed_branch_id`, as in RTDF's
 * `branch.branch_id`).
 */
export const FeedBranchRefSchema = z.union(
  [
    z.uuid({ error: FEED_KEY_MESSAGES.branchUnknown }),
    z
      .number({ error: FEED_KEY_MESSAGES.branchUnknown })
      .int(FEED_KEY_MESSAGES.branchUnknown)
      .positive(FEED_KEY_MESSAGES.branchUnknown)
      // A PostgreSQL integer: a larger number names no branch (and must not reach the database).
      .max(2_147_483_647, FEED_KEY_MESSAGES.branchUnknown),
  ],
  { error: FEED_KEY_MESSAGES.branchUnknown },
);

/**
 * `POST /api/agent/api-keys`: a name, the branch (default: the caller's default branch) and whether a BLM file
 * withdraws its branches' listings that it no longer holds (default true: a BLM is a full feed).
 */
export const CreateFeedKeyInputSchema = z.object({
  name,
  branchId: FeedBranchRefSchema.optional(),
  withdrawAbsent: z.boolean().optional(),
});
export type CreateFeedKeyInput = z.input<typeof CreateFeedKeyInputSchema>;

/** `PATCH /api/agent/api-keys/{id}`: rename, or turn withdrawing absent listings on or off. */
export const UpdateFeedKeyInputSchema = z.object({
  name: name.optional(),
  withdrawAbsent: z.boolean().optional(),
});
export type UpdateFeedKeyInput = z.input<typeof UpdateFeedKeyInputSchema>;

/** One key as listed (never its secret). Times ISO 8601. */
export const FeedKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart ('abode_feed_3fK9…'). */
  keyPrefix: z.string(),
  /** The branch's numeric feed id, its uuid and its name. */
  branchId: z.number().int(),
  branchUuid: z.string(),
  branchName: z.string(),
  withdrawAbsent: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type FeedKey = z.infer<typeof FeedKeySchema>;

/** `POST /api/agent/api-keys` → 201: the key with its secret `key`, shown this once. */
export const CreatedFeedKeySchema = FeedKeySchema.extend({ key: z.string() });
export type CreatedFeedKey = z.infer<typeof CreatedFeedKeySchema>;

/** `GET /api/agent/api-keys`: the agency's keys the caller may manage, newest first, and its branches' feed ids. */
export const FeedKeyListSchema = z.object({
  items: z.array(FeedKeySchema),
  branches: z.array(z.object({ id: z.string(), name: z.string(), feedBranchId: z.number().int() })),
});
export type FeedKeyList = z.infer<typeof FeedKeyListSchema>;

/** A CRM branch code and the branch it maps to (`PUT /api/agent/feed-branch-codes/{code}`). */
export const FeedBranchCodeSchema = z.object({
  code: z.string(),
  branchId: z.string(),
  branchName: z.string(),
});
export type FeedBranchCode = z.infer<typeof FeedBranchCodeSchema>;

export const FeedBranchCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, FEED_KEY_MESSAGES.codeInvalid)
    .max(FEED_BRANCH_CODE_MAX_LENGTH, FEED_KEY_MESSAGES.codeInvalid)
    .regex(FEED_BRANCH_CODE_PATTERN, FEED_KEY_MESSAGES.codeInvalid),
});

export const PutFeedBranchCodeInputSchema = z.object({ branchId: FeedBranchRefSchema });
export type PutFeedBranchCodeInput = z.input<typeof PutFeedBranchCodeInputSchema>;

/** `GET /api/agent/feed-branch-codes`: the codes mapped to the caller's branches, by code. */
export const FeedBranchCodeListSchema = z.object({ items: z.array(FeedBranchCodeSchema) });
export type FeedBranchCodeList = z.infer<typeof FeedBranchCodeListSchema>;

/** `{id}` of `/api/agent/api-keys/{id}`. */
export const FeedKeyParamsSchema = z.object({ id: z.uuid() });
