/**
 * Building blocks of the OpenAPI route definitions (`createRoute` from @hono/zod-openapi), shared by every feature's
 * routes.ts so a response or body is described the same way everywhere (ADR 001 API conventions). They only shape
 * the OpenAPI document and the handler's typed responses; nothing here runs per request.
 */
import { ErrorBodySchema } from '@abode/shared/errors';

/** A JSON response of `schema` (an application/json content entry plus its description). */
export const json = <S>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An error response: the `{ error: { code, message, fields? } }` body of AppError (REQ-MSG-04). */
export const errorResponse = (description: string) => json(ErrorBodySchema, description);

/** A required JSON request body of `schema`. */
export const jsonBody = <S>(schema: S) => ({ content: { 'application/json': { schema } }, required: true });

/** The 400 of a body or parameter that fails its schema: REQ-MSG-01's message with the failing fields. */
export const invalidInput = {
  400: errorResponse("'Please check your input and try again.' with the failing fields in details"),
};

/** The 401 of a route behind `requireUser` or `requireAgentUser`. */
export const unauthenticated = { 401: errorResponse('Not signed in') };

/** The 401 and 403 of every /api/agent route (`requireAgentUser`: role agent). */
export const agentUserOnly = {
  ...unauthenticated,
  403: errorResponse('Signed in, but not an agent'),
};

/**
 * The 401, 403 and 404 of every /api/agent route but POST /api/agent/profile (`requireAgentUser` and
 * `requireAgentProfile`: role agent with an agents row). A route's own 404, spread after it, replaces the
 * description.
 */
export const agentOnly = {
  ...agentUserOnly,
  404: errorResponse(
    "'Agent profile not found': the agent has none yet (POST /api/agent/profile creates it)",
  ),
};
