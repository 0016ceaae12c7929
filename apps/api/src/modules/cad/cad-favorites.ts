import type { Kysely } from 'kysely';
import { cadFavoriteId, cadFavoriteIdPattern, cadSetCode, parseCadSetCode, type CadFavoriteTarget } from '@portal/contracts/favorites';
import type { AuthUser } from '@portal/contracts/users';
import type { ContentKindDeps, FavoriteItem } from '../../platform/content-kinds/content-kind.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleFamilies, visibleLibraries } from './cad-access.ts';
import { resolveConfiguration } from './cad-catalogue.service.ts';
import { listLibraries } from './cad-library.repository.ts';
import { listFamilies, listModels } from './cad.repository.ts';

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

// The CAD catalogue is small (tens of entries): the list-and-filter functions are reused rather than a second access rule.
/** The CAD favourites among `ids` (`model:…`, `library:…`, `set:…`) the user may see. */
export async function describeCadFavorites({ db }: ContentKindDeps, user: AuthUser, ids: readonly string[]): Promise<Map<string, FavoriteItem>> {
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
}

/** A CAD set whose options do not fit its model is a 400 listing the problems, as the configurator answers. */
export async function checkCadFavorite({ db }: ContentKindDeps, user: AuthUser, itemId: string): Promise<void> {
  const cadSet = /^set:(.+)$/.exec(itemId);
  if (cadSet) await resolveCadSet(db, user, cadSet[1]!, true);
}
