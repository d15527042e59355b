import {
  EnquiryCreatedSchema,
  type CreateEnquiry,
  type EnquiryCreated,
} from '@abode/shared/enquiries/enquiry.schema';
import { apiRequest } from '#src/lib/api-client.ts';

/**
 * `POST /api/enquiries` with already-validated contact data. Resolves with `{ id, status: 'new', createdAt }`;
 * rejects with an ApiError whose message is the server's SPEC text (400 contact rules, 404, 429 rate limit).
 */
export function createEnquiry(input: CreateEnquiry): Promise<EnquiryCreated> {
  return apiRequest('/api/enquiries', { method: 'POST', body: input, schema: EnquiryCreatedSchema });
}
