import { z } from 'zod';

/** What the authorization service tells the web app about the signed-in user (spec 2 §3). */
export const userClaims = z.object({
  userId: z.number().int(),
  userNo: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(['i', 'b', 'c']),
  rxbAdmin: z.boolean(),
  /** Organizations the user may see: 'all' or the list of organization numbers. */
  scope: z.union([z.literal('all'), z.array(z.number().int())]),
  permissions: z.array(z.string()),
  /** Session timeout for this user in ms (internal users: 1 hour; spec 1 §9). */
  sessionTimeoutMs: z.number().int().positive(),
});
export type UserClaims = z.infer<typeof userClaims>;
