import { z } from 'zod';
import { languageCodeSchema } from './admin-documents.ts';
import { serviceRefSchema } from './documents.ts';
import { serialNumberSchema } from './units.ts';

/*
 * The identification link of IEC 61406-1 (`<PUBLIC_URL>/id/<serial>`) and what anyone who scans it
 * may learn without signing in.
 */

/** The longest identification link IEC 61406-1 allows, in characters. */
export const identificationLinkMaxLength = 255;
/** The longest serial number the serial schema (units.ts) allows. */
export const serialNumberMaxLength = 64;
/** The path of the link before the serial. */
export const identificationPath = '/id/';

/**
 * The model's EU declaration of conformity, which anyone may read: a published, downloadable document of
 * type `declarationOfConformity` for everyone that applies to the unit, in the language asked for where a
 * variant exists (`languageCode` says which it is). `href` is its public address (add `download=1` to save it).
 */
export const publicDeclarationSchema = z.object({
  title: z.string(),
  languageCode: z.string(),
  resourceVersion: z.string(),
  publishedAt: z.string(),
  fileName: z.string(),
  href: z.string(),
});
export type PublicDeclaration = z.infer<typeof publicDeclarationSchema>;

/**
 * GET /public/units/{serial}?language= (no token, at most 60 a minute per address): the serial asked for,
 * the maker, and the model when a unit has that serial (`null` otherwise, the answer otherwise the same),
 * with the model's declaration(s) of conformity (none for an unknown serial). `model.pictureUrl` is the public
 * address of the model's picture (GET, a PNG thumbnail), `null` when it has none. Never the owner, the site,
 * the options or any other document.
 */
export const publicUnitSchema = z.object({
  serialNumber: z.string(),
  identificationLink: z.string(),
  maker: z.string(),
  model: z.object({ code: z.string(), name: z.string(), pictureUrl: z.string().nullable() }).nullable(),
  declarations: z.array(publicDeclarationSchema),
});
export type PublicUnit = z.infer<typeof publicUnitSchema>;

export const publicUnitQuerySchema = z.object({ language: languageCodeSchema.default('en') });

/** GET /public/units/{serial}/declarations/{serviceRef}?language=&download=1: the declaration's PDF, or 404 `notFound`. */
export const publicDeclarationParamsSchema = z.object({ serial: serialNumberSchema, serviceRef: serviceRefSchema });
export const publicDeclarationQuerySchema = z.object({ language: languageCodeSchema.default('en'), download: z.literal('1').optional() });

/** Requests per address and minute the public route answers. */
export const publicUnitRateLimit = 60;
