import { z } from 'zod';

/*
 * Named-user grants of a document (made by `POST /api/Content/UserDocumentAccess`): listed by
 * `GET /api/Admin/documents/{id}/grants` and revoked one by one by
 * `DELETE /api/Admin/documents/{id}/grants/{mail}` (admins and publishers).
 */

export const documentGrantParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

export const documentGrantRevokeParamsSchema = documentGrantParamsSchema.extend({
  mail: z.string().trim().max(254).pipe(z.email()).transform((email) => email.toLowerCase()),
});

export const documentGrantSchema = z.object({
  mail: z.string(),
  expiresAt: z.string().nullable(),
  /** True once `expiresAt` has passed: the grant no longer lets the user in. */
  expired: z.boolean(),
  /** Subject of who granted it, when known. */
  grantedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentGrant = z.infer<typeof documentGrantSchema>;

export const documentGrantListSchema = z.object({
  documentId: z.string(),
  grants: z.array(documentGrantSchema),
});
export type DocumentGrantList = z.infer<typeof documentGrantListSchema>;
