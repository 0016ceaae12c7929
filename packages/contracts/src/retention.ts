import { z } from 'zod';

/*
 * Retention of the instructions of shipped machines (EU Machinery Regulation 2023/1230, Art. 10(7)): a
 * document version a shipped unit relies on stays available until the later of ten years after the last
 * such unit shipped and its product's expected lifetime (`lifetimeYears`, set per product by staff).
 */

export const productLifetimeMin = 1;
export const productLifetimeMax = 100;

export const adminProductParamsSchema = z.object({ code: z.string().min(1).max(100) });

/** PATCH /api/Admin/products/{code}: the product's expected lifetime in whole years. */
export const updateProductBodySchema = z.object({
  lifetimeYears: z
    .number({ message: 'must be a whole number of years' })
    .int('must be a whole number of years')
    .min(productLifetimeMin, `must be at least ${productLifetimeMin} year`)
    .max(productLifetimeMax, `must be at most ${productLifetimeMax} years`),
});
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

export const adminProductSchema = z.object({ code: z.string(), name: z.string(), family: z.string(), lifetimeYears: z.number().int() });
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /api/Admin/products: every product with its expected lifetime. */
export const adminProductListSchema = z.object({ items: z.array(adminProductSchema) });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const expiringRetentionQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(3650).default(90) });

/** One version whose retention ends within the window. */
export const expiringVersionSchema = z.object({
  documentId: z.string(),
  serviceRef: z.string(),
  title: z.string(),
  versionId: z.string(),
  resourceVersion: z.string(),
  status: z.enum(['published', 'unpublished']),
  /** The date (YYYY-MM-DD) until which the version must stay available. */
  retainedUntil: z.string(),
});

/** GET /api/Admin/retention/expiring?days=90: versions whose retention ends within `days`, soonest first (at most 1,000; `total` counts all). */
export const expiringRetentionSchema = z.object({ days: z.number(), total: z.number(), items: z.array(expiringVersionSchema) });
export type ExpiringRetention = z.infer<typeof expiringRetentionSchema>;
