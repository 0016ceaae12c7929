import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ViewerDocument } from './viewer-document';

/** How many opened documents are remembered. */
export const recentlyOpenedLimit = 20;

export interface RecentlyOpenedEntry extends ViewerDocument {
  /** ISO-8601 time of the last opening. */
  openedAt: string;
}

interface RecentlyOpenedState {
  /** Newest first, one entry per document. */
  entries: RecentlyOpenedEntry[];
  record: (document: ViewerDocument, openedAt?: Date) => void;
  clear: () => void;
}

/** The documents the viewer opened on this browser (persisted as `portal.recentlyOpened`); the home page lists them. */
export const useRecentlyOpenedStore = create<RecentlyOpenedState>()(
  persist(
    (set) => ({
      entries: [],
      record: (document, openedAt = new Date()) =>
        set(({ entries }) => ({
          entries: [
            { ...pickDocument(document), openedAt: openedAt.toISOString() },
            ...entries.filter((entry) => entry.id !== document.id),
          ].slice(0, recentlyOpenedLimit),
        })),
      clear: () => set({ entries: [] }),
    }),
    { name: 'portal.recentlyOpened', partialize: ({ entries }) => ({ entries }) },
  ),
);

// Callers may pass a richer object (a search item, a document answer): store only the viewer fields.
function pickDocument({ id, title, fileName, downloadableDocument, serviceRef, resourceVersion, versionId }: ViewerDocument): ViewerDocument {
  return { id, title, fileName, downloadableDocument, serviceRef, resourceVersion, ...(versionId ? { versionId } : {}) };
}
