import type { Kysely } from 'kysely';
import { cadFavoriteId, cadFavoriteIdPattern, cadSetCode, parseCadSetCode, type CadFavoriteTarget, type Favorite, type FavoriteKind } from '@portal/contracts/favorites';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleFamilies, visibleLibraries } from '../cad/cad-access.ts';
import { resolveConfiguration } from '../cad/cad-catalogue.service.ts';
import { listLibraries } from '../cad/cad-library.repository.ts';
import { listFamilies, listModels } from '../cad/cad.repository.ts';
import { visibleDocumentsFilter } from '../documents/document-access.service.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { visibleItems } from '../software/software-access.ts';
import { searchItems } from '../software/software.repository.ts';
import { findFavoriteDocuments, type FavoriteDocumentRow } from './favorite.repository.ts';

/*
 * What a favourite points at, as the user may see it now. Each resolver answers only the items the
 * user can see (through the owning module's access rules), so a favourite whose item was deleted or
 * hidden from the user simply drops out.
 */

type WithoutDate<T> = T extends unknown ? Omit<T, 'createdAt'> : never;
export type FavoriteItem = WithoutDate<Favorite>;

export interface FavoriteDeps {
  db: Kysely<Database>;
  fileUrls: FileUrls;
}

type Resolver = (deps: FavoriteDeps, user: AuthUser, ids: readonly string[]) => Promise<Map<string, FavoriteItem>>;

function presentDocument(deps: FavoriteDeps, user: AuthUser, row: FavoriteDocumentRow): FavoriteItem {
  const thumbnailUrl = row.thumbnailKey
    ? deps.fileUrls.sign({
        storageKey: row.thumbnailKey, fileName: `${row.serviceRef}-${row.resourceVersion}.png`, mediaType: 'image/png',
        userSub: user.sub, disposition: 'inline',
      })
    : null;
  return {
    itemKind: 'document',
    itemId: row.id,
    title: row.title,
    document: {
      id: row.id,
      serviceRef: row.serviceRef,
      title: row.title,
      fileName: row.fileName,
      resourceVersion: row.resourceVersion,
      downloadableDocument: row.downloadable === 1,
      typeCode: row.typeCode,
      languageCode: row.languageCode,
      thumbnailUrl,
    },
  };
}

const resolveDocuments: Resolver = async (deps, user, ids) => {
  const rows = await findFavoriteDocuments(deps.db, ids, visibleDocumentsFilter(user));
  return new Map(rows.map((row) => [row.id, presentDocument(deps, user, row)]));
};

// The software catalogue and the CAD catalogue are small (tens of entries): the owning modules'
// list-and-filter functions are reused as they are rather than duplicating their access rules.
const resolveSoftware: Resolver = async ({ db }, user, ids) => {
  const wanted = new Set(ids);
  const items = await visibleItems(db, user, (await searchItems(db, undefined)).filter((item) => wanted.has(item.id)));
  return new Map(
    items.map((item) => [item.id, { itemKind: 'software', itemId: item.id, title: item.name, equipmentName: item.equipmentName }]),
  );
};

/**
 * A CAD set as the configurator shows it: the model's name and the chosen options. Undefined when
 * the model is gone or hidden from the user or the selection is no longer valid; with `strict`, an
 * invalid selection is a 400 listing its problems instead (when the set is being added).
 */
export async function resolveCadSet(db: Kysely<Database>, user: AuthUser, code: string, strict = false): Promise<{ code: string; title: string } | undefined> {
  const selection = parseCadSetCode(code);
  if (!selection) return undefined;
  try {
    const { model, chosen } = await resolveConfiguration(db, user, selection.model, selection.options);
    const canonical = cadSetCode({ model: model.code, options: chosen.map((option) => option.value) });
    const title = [model.name, ...chosen.map((option) => option.label)].join(' · ');
    return canonical === code ? { code, title } : undefined;
  } catch (error) {
    if (error instanceof AppError && !(strict && error.statusCode === 400)) return undefined;
    throw error;
  }
}

const resolveCad: Resolver = async ({ db }, user, ids) => {
  const targets = ids.flatMap((id) => {
    const match = cadFavoriteIdPattern.exec(id);
    return match ? [{ target: match[1] as CadFavoriteTarget, code: match[2]! }] : [];
  });
  const resolved = new Map<string, FavoriteItem>();
  const add = (target: CadFavoriteTarget, code: string, title: string) => {
    const itemId = cadFavoriteId(target, code);
    resolved.set(itemId, { itemKind: 'cad', itemId, title, target, code });
  };
  const wanted = (target: CadFavoriteTarget) => new Set(targets.filter((t) => t.target === target).map((t) => t.code));

  const models = wanted('model');
  if (models.size > 0) {
    const families = await visibleFamilies(db, user, await listFamilies(db));
    for (const model of await listModels(db, families.map((family) => family.code))) {
      if (models.has(model.code)) add('model', model.code, model.name);
    }
  }
  const libraries = wanted('library');
  if (libraries.size > 0) {
    const candidates = (await listLibraries(db)).filter((library) => libraries.has(library.id));
    for (const library of await visibleLibraries(db, user, candidates)) add('library', library.id, library.name);
  }
  for (const code of wanted('set')) {
    const set = await resolveCadSet(db, user, code);
    if (set) add('set', set.code, set.title);
  }
  return resolved;
};

export const favoriteResolvers: Record<FavoriteKind, Resolver> = {
  document: resolveDocuments,
  software: resolveSoftware,
  cad: resolveCad,
};
