import {
  EnquiryCreatedSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateEnquiry,
  type EnquiryCreated,
} from '@abode/shared/enquiries/enquiry.schema';
import { apiRequest } from '#src/lib/api-client.ts';

/**
 * A new Idempotency-Key (REQ-ENQ-04): a random UUID, or 32 random hex digits where `crypto.randomUUID` is missing (it
 * needs a secure context: HTTPS or localhost; `getRandomValues` does not).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * `POST /api/enquiries` with already-validated contact data and the submission's `Idempotency-Key`, so sending the
 * same submission again (a retry after a dropped connection) gets the first answer instead of a second enquiry.
 * Resolves with `{ id, status: 'new', createdAt }`; rejects with an ApiError whose message is the server's SPEC
 * text (400 contact rules, 404, 409 key reused with other data, 429 rate limit).
 */
export function createEnquiry({
  input,
  idempotencyKey,
}: {
  input: CreateEnquiry;
  idempotencyKey: string;
}): Promise<EnquiryCreated> {
  return apiRequest('/api/enquiries', {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: EnquiryCreatedSchema,
  });
}
