import { z } from 'zod';
import { cadFavoriteTargets, favoriteKinds } from './favorite-ids.ts';

export * from './favorite-ids.ts';

export const favoriteKindSchema = z.enum(favoriteKinds);

/** PUT and DELETE /api/Favorites/:itemKind/:itemId */
export const favoriteParamsSchema = z.object({
  itemKind: favoriteKindSchema,
  itemId: z.string().trim().min(1).max(200),
});
export type FavoriteParams = z.infer<typeof favoriteParamsSchema>;

/** GET /api/Favorites?kind= (all kinds when absent). */
export const favoriteListQuerySchema = z.object({ kind: favoriteKindSchema.optional() });

const favoriteBase = {
  itemId: z.string(),
  /** The item's current title or name; the one saved with the favourite when the item no longer has one. */
  title: z.string(),
  createdAt: z.string(),
};

/** What the viewer, the share and download actions need to act on a favourite document. */
export const favoriteDocumentSchema = z.object({
  id: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  fileName: z.string(),
  resourceVersion: z.string(),
  downloadableDocument: z.boolean(),
  typeCode: z.string(),
  languageCode: z.string(),
  /** Signed URL of the current version's thumbnail, or null while there is none. */
  thumbnailUrl: z.string().nullable(),
});

export const favoriteSchema = z.discriminatedUnion('itemKind', [
  z.object({ itemKind: z.literal('document'), ...favoriteBase, document: favoriteDocumentSchema }),
  z.object({ itemKind: z.literal('software'), ...favoriteBase, equipmentName: z.string() }),
  z.object({ itemKind: z.literal('cad'), ...favoriteBase, target: z.enum(cadFavoriteTargets), code: z.string() }),
]);
export type Favorite = z.infer<typeof favoriteSchema>;

/** The user's favourites, newest first; items the user can no longer see are left out. */
export const favoriteListResponseSchema = z.object({ items: z.array(favoriteSchema), total: z.number().int() });
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;
