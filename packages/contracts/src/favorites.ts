import { z } from 'zod';

export const favoriteKinds = ['document', 'software', 'cad'] as const;
export const favoriteKindSchema = z.enum(favoriteKinds);
export type FavoriteKind = z.infer<typeof favoriteKindSchema>;

/**
 * CAD favourites name a robot model (`model:<code>`), a partner library (`library:<id>`) or a
 * configured CAD set (`set:<model>:<option codes in the model's group order, comma-separated>`).
 */
export const cadFavoriteIdPattern = /^(model|library|set):(.+)$/;
export const cadFavoriteTargets = ['model', 'library', 'set'] as const;
export type CadFavoriteTarget = (typeof cadFavoriteTargets)[number];

export function cadFavoriteId(target: CadFavoriteTarget, id: string): string {
  return `${target}:${id}`;
}

export interface CadSetSelection {
  model: string;
  /** Option value codes, in the model's group order (as the configuration answers them). */
  options: string[];
}

/** The code of a CAD set favourite (after `set:`). */
export function cadSetCode({ model, options }: CadSetSelection): string {
  return `${model}:${options.join(',')}`;
}

/** The selection a CAD set favourite names; null when the code is not `<model>:<options>`. */
export function parseCadSetCode(code: string): CadSetSelection | null {
  const match = /^([^:,]+):([^:]*)$/.exec(code);
  if (!match) return null;
  return { model: match[1]!, options: match[2]!.split(',').filter((option) => option.length > 0) };
}

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
