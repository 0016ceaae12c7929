import type { CadCatalogueResponse } from '@portal/contracts/cad';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';

/**
 * Where a downloaded item lives in the portal, or null when it is gone. A CAD item's reference is a
 * robot model code or a partner library id: the catalogue tells which (no link until it is known).
 */
export function historyItemPath(item: Pick<DownloadHistoryItem, 'kind' | 'itemRef'>, catalogue: CadCatalogueResponse | undefined): string | null {
  const ref = item.itemRef;
  if (!ref) return null;
  if (item.kind === 'document') return `/DocumentLink/${encodeURIComponent(ref)}`;
  if (item.kind === 'software') return `/software/${encodeURIComponent(ref)}`;
  if (!catalogue) return null;
  const isModel = catalogue.families.some((family) => family.models.some((model) => model.code === ref));
  return isModel ? `/cadFiles/robotConfigurator?model=${encodeURIComponent(ref)}` : `/cadFiles/partnersLibraries#${encodeURIComponent(ref)}`;
}
