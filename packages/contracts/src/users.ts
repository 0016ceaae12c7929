import { z } from 'zod';

/** `publisher` publishes content (documents, software, CAD, imports); users, maintenance and settings stay with `admin`. */
export const roles = ['customer', 'partner', 'employee', 'publisher', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the API sees it: taken from the access token's claims. */
export const authUserSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(roleSchema),
  account: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Response of GET /api/Me. */
export const meResponseSchema = authUserSchema.extend({
  id: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
