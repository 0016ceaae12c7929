import type { Follow } from '@portal/contracts/alerts';

/** Where a followed item is shown in the portal, when it has a page of its own that its follow can name. */
export function followLink({ kind, itemId }: Pick<Follow, 'kind' | 'itemId'>): string | null {
  switch (kind) {
    case 'search':
      return `/resources?${itemId}`;
    case 'product':
      return `/resources?${new URLSearchParams({ product: itemId }).toString()}`;
    case 'unit':
      return `/units/${encodeURIComponent(itemId)}`;
    case 'cad-library':
      return '/cadFiles';
    default:
      // Documents and software items are followed by id; their pages are reached by other names.
      return null;
  }
}
