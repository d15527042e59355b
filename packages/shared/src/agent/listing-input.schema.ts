/**
 * An agent's listing (REQ-AGENT-04, REQ-DATA-02, REQ-SEC-01): the ONE schema for creating and updating a listing,
 * parsed by the add/edit form (zodResolver) and by `POST`/`PATCH /api/agent/properties`, plus the shapes the agent
 * listing API answers with. The modules under `listing-input/` hold it by part; this path re-exports them so the form,
 * the API and the tests import one place. The rules between fields are listed in listing-input/input-rules.ts.
 */
export * from './listing-input/limits.ts';
export * from './listing-input/messages.ts';
export { RoomInputSchema } from './listing-input/field-types.ts';
export * from './listing-input/material-information.ts';
export * from './listing-input/listing-fields.ts';
export * from './listing-input/input-rules.ts';
export * from './listing-input/agent-list.ts';
export * from './listing-input/agent-detail.ts';
