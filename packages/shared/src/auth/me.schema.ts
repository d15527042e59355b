/**
 * `GET /api/me` (issue #3): the signed-in user, whether they are an admin (an `admins` row, SPEC §4) and their agent
 * id. The API returns it; the web app reads it as the source of role and admin status.
 */
import { z } from 'zod';

export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(['client', 'agent']),
    phone: z.string().nullable(),
    isVerified: z.boolean(),
  }),
  isAdmin: z.boolean(),
  adminRole: z.string().nullable(),
  agentId: z.string().nullable(),
});
export type Me = z.infer<typeof MeSchema>;
