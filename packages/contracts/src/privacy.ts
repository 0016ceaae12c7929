import { z } from 'zod';

/** `/api/Admin/users/{user}/…`: a user by the portal's id, the identity provider's subject, or e-mail. */
export const personalDataParamsSchema = z.object({ user: z.string().trim().min(1).max(320) });

const rows = z.array(z.record(z.string(), z.unknown()));

/** Everything the portal holds about one person (GET /api/Admin/users/{user}/personal-data). */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  subject: z.string(),
  email: z.string(),
  /** The user as last seen signing in (null when they never did). */
  profile: z.record(z.string(), z.unknown()).nullable(),
  /** The local account of the embedded provider, without its password hash (null for other users). */
  localAccount: z.record(z.string(), z.unknown()).nullable(),
  roles: z.array(z.string()),
  favorites: rows,
  follows: rows,
  notifications: rows,
  preferences: z.record(z.string(), z.unknown()).nullable(),
  /** Download history; the download statistics count these rows (views are counted per account and day, with no person). */
  downloads: rows,
  /** Access rules that name the person's e-mail (documents, software and CAD items, units). */
  accessGrants: rows,
  /** Audit entries the person made (as actor). */
  auditEntries: rows,
  /** Requests for printed instructions, with the postal address and contact given. */
  paperRequests: rows,
  /** "Was this helpful?" answers the person gave, with their comments. */
  feedback: rows,
  /** Imports the person sent from the browser. */
  imports: rows,
  /**
   * Searches the person made, as search analytics recorded them (under a pseudonymous key): newest first, at most
   * 10,000, each with the query as typed, facets, language, result count, why nothing was found, and what they
   * opened and downloaded after it.
   */
  searches: rows,
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** POST /api/Admin/users/{user}/erase: the person's e-mail, typed again, confirms the erasure. */
export const eraseUserBodySchema = z.object({ confirm: z.string().trim().min(1).max(320) });
export type EraseUserBody = z.infer<typeof eraseUserBodySchema>;

/** What an erasure did: the pseudonym that replaced the person, rows changed or removed per owner, audit entries rewritten. */
export const userErasureSchema = z.object({
  pseudonym: z.string(),
  erasedAt: z.string(),
  rows: z.record(z.string(), z.number().int()),
  /** Entries rewritten: format 2 keep their digest (still verified); format 1 keep only their place in the chain. */
  auditEntries: z.object({ erased: z.number().int(), unverifiable: z.number().int() }),
});
export type UserErasure = z.infer<typeof userErasureSchema>;
