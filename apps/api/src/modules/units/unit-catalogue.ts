import type { Kysely } from 'kysely';
import { cadFavoriteId, cadSetCode } from '@portal/contracts/favorites';
import type { UnitDetail } from '@portal/contracts/units';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { cadSetZipPath, configurationId, listModelOptions, resolveConfiguration } from '../cad/index.ts';
import { listProducts, visibleDocumentsFilter } from '../documents/index.ts';
import { findReleaseNotes, newestRelease, searchItems, visibleItems, visibleVersionsByItem } from '../software/index.ts';
import type { UnitFacts } from './unit-matching.ts';
import { productsAtSite, type UnitRow } from './unit.repository.ts';

/* What the catalogue says about a unit's model: option labels, compatible software, the configured CAD set. */

/** Option labels of these models' configurators, by model code then option code. */
export async function optionLabels(db: Kysely<Database>, productCodes: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const { values } = await listModelOptions(db, [...new Set(productCodes)]);
  const labels = new Map<string, Map<string, string>>();
  for (const value of values) {
    if (!labels.has(value.modelCode)) labels.set(value.modelCode, new Map());
    labels.get(value.modelCode)!.set(value.code, value.label);
  }
  return labels;
}

export type UnitSoftware = UnitDetail['software'][number];

/** The family of controller products: software naming one of them runs on that controller. */
const controllersFamily = 'controllers';

type SoftwareUnit = Pick<UnitRow, 'id' | 'productCode' | 'account' | 'siteName'>;

/**
 * Whether software for these models fits the unit's controller (issue 32: no C9 firmware for a robot
 * run by a C7). Software that names controllers among its equipment fits a robot only when one of
 * them is the robot's controller: the controller units of its account installed at its site. When
 * no controller is known there, nothing is ruled out.
 */
async function controllerFit(db: Kysely<Database>, unit: SoftwareUnit): Promise<(compatible: readonly string[]) => boolean> {
  const controllers = (await listProducts(db)).filter((product) => product.family === controllersFamily).map((product) => product.code);
  if (controllers.includes(unit.productCode)) return () => true;
  const installed = await productsAtSite(db, unit, controllers);
  if (installed.length === 0) return () => true;
  return (compatible) => {
    const named = compatible.filter((code) => controllers.includes(code));
    return named.length === 0 || named.some((code) => installed.includes(code));
  };
}

/** The software items of the unit's model the user may see and its controller runs, with their newest version and its release notes. */
export async function compatibleSoftware(db: Kysely<Database>, user: AuthUser, unit: SoftwareUnit): Promise<UnitSoftware[]> {
  const { productCode } = unit;
  const [found, fits] = await Promise.all([searchItems(db, productCode), controllerFit(db, unit)]);
  const candidates = found.filter((item) => {
    const compatible = JSON.parse(item.compatibleEquipment) as string[];
    return compatible.includes(productCode) && fits(compatible);
  });
  const items = await visibleItems(db, user, candidates);
  const versions = await visibleVersionsByItem(db, user, items.map((item) => item.id));
  const newest = new Map(items.map((item) => [item.id, newestRelease(versions.get(item.id) ?? [])]));
  const notes = await findReleaseNotes(db, [...newest.values()].flatMap((version) => version?.releaseNotesDocumentId ?? []), visibleDocumentsFilter(user));
  return items.map((item) => {
    const version = newest.get(item.id);
    const note = version?.releaseNotesDocumentId ? notes.get(version.releaseNotesDocumentId) : undefined;
    return {
      equipmentName: item.equipmentName,
      name: item.name,
      category: item.category,
      newestVersion: version ? { number: version.versionNumber, releaseDate: version.releaseDate, status: version.status } : null,
      releaseNotes: note ? { documentId: note.documentId, serviceRef: note.serviceRef, title: note.title } : null,
    };
  });
}

/** The unit's CAD set in the configurator, when its model has one, the user may see it and its options form a valid set. */
export async function unitCadSet(db: Kysely<Database>, user: AuthUser, unit: UnitFacts): Promise<UnitDetail['cadSet']> {
  try {
    const { model, chosen } = await resolveConfiguration(db, user, unit.productCode, [...unit.options]);
    const id = configurationId(model.code, chosen);
    return {
      favoriteId: cadFavoriteId('set', cadSetCode({ model: model.code, options: chosen.map((option) => option.value) })),
      configurationId: id,
      title: [model.name, ...chosen.map((option) => option.label)].join(' · '),
      zipPath: cadSetZipPath(id),
    };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
