import type { CadCatalogueResponse, CadModel } from '@portal/contracts/cad';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';

type Catalogue = CadCatalogueResponse | undefined;

/** A CAD history reference: a robot model, a configured set of it (`<model>/<options>[/<format>]`) or a library id. */
export type CadHistoryRef =
  | { type: 'model'; model: CadModel; options: string[]; format: string | null }
  | { type: 'library'; libraryId: string };

/** What a CAD reference names, once the catalogue is known; null while it is not (or the model is gone from it). */
export function parseCadHistoryRef(ref: string, catalogue: Catalogue): CadHistoryRef | null {
  if (!catalogue) return null;
  const [modelCode = '', options = '', format] = ref.split('/');
  const model = catalogue.families.flatMap((family) => family.models).find((candidate) => candidate.code === modelCode);
  if (model) return { type: 'model', model, options: options.split(',').filter(Boolean), format: format || null };
  return ref.includes('/') ? null : { type: 'library', libraryId: ref };
}

/**
 * Where a downloaded item lives in the portal, or null when it is gone. A CAD item's reference is a
 * robot model, a configured set (reopened with its options and format) or a partner library id:
 * the catalogue tells which (no link until it is known).
 */
export function historyItemPath(item: Pick<DownloadHistoryItem, 'kind' | 'itemRef'>, catalogue: Catalogue): string | null {
  const ref = item.itemRef;
  if (!ref) return null;
  if (item.kind === 'document') return `/DocumentLink/${encodeURIComponent(ref)}`;
  if (item.kind === 'software') return `/software/${encodeURIComponent(ref)}`;
  if (item.kind === 'unit') return `/units/${encodeURIComponent(ref)}`;
  const cad = parseCadHistoryRef(ref, catalogue);
  if (!cad) return null;
  if (cad.type === 'library') return `/cadFiles/partnersLibraries#${encodeURIComponent(cad.libraryId)}`;
  const params = new URLSearchParams({ model: cad.model.code });
  if (cad.options.length > 0) params.set('options', cad.options.join(','));
  if (cad.format) params.set('format', cad.format);
  return `/cadFiles/robotConfigurator?${params.toString().replaceAll('%2C', ',')}`;
}
