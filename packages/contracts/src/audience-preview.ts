import { z } from 'zod';
import { searchQuerySchema } from './documents.ts';
import { roleSchema } from './users.ts';

/**
 * GET /api/Admin/preview/search: the resources search exactly as a viewer of this role (and
 * account) would get it, for staff checking an audience before or after publishing. The viewer has
 * no named grants: those belong to one person, not to an audience.
 */
export const audiencePreviewQuerySchema = searchQuerySchema.extend({
  asRole: roleSchema,
  /** The customer or partner account; none for a viewer without one. */
  asAccount: z.string().trim().min(1).max(200).optional(),
});
export type AudiencePreviewQuery = z.infer<typeof audiencePreviewQuerySchema>;
