import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DownloadHistoryItem } from '@portal/contracts/downloads';
import type { Favorite } from '@portal/contracts/favorites';
import type { AuthUser } from '@portal/contracts/users';
import type { FileUrls } from '../delivery/file-urls.plugin.ts';
import type { Database, DownloadItemKind } from '../db/schema.ts';

/*
 * A content kind (documents, software, CAD …) is what users browse, favour and download. The
 * download centre and the favourites know kinds only through this interface: each module that owns
 * a kind implements it once, and modules/content-kinds.ts lists the kinds the app serves.
 * Every method applies the owning module's access rule: it answers only what the user may see.
 */

/** What a content kind's methods are handed first (then the user, then the request's values), like every service. */
export interface ContentKindDeps {
  db: Kysely<Database>;
  fileUrls: FileUrls;
}

/** One download as recorded in download_records. */
export type DownloadRecordRow = Selectable<Database['download_records']>;
/** A download to record; the user's sub is added by the caller. */
export type DownloadToRecord = Omit<Insertable<Database['download_records']>, 'id' | 'createdAt' | 'userSub'>;

/** One file of a zip, read lazily from FileStorage when the zip writer reaches it. */
export interface ZipEntrySource {
  /** Path inside the archive. */
  name: string;
  storageKey: string;
  size: number;
  /** Deflate only what shrinks; already-compressed data is stored as is. */
  compress: boolean;
}

/** What a `downloadZip` path stands for: the archive's name, its files, and the download to record. */
export interface ZipSource {
  fileName: string;
  entries: ZipEntrySource[];
  /** Recorded once per zip. */
  record: DownloadToRecord;
}

/**
 * Resolves the rest of a `downloadZip` filePath (after its first segment, e.g. `software/`) into a
 * ZipSource, checking the user's access. Segments arrive already split and decoded; a resolver
 * throws 404/403 AppErrors for anything it does not know or the user may not read.
 */
export type ZipResolver = (deps: ContentKindDeps, user: AuthUser, segments: string[]) => Promise<ZipSource>;

/** What a kind knows about one of its downloads, now: for the download history. */
export type HistoryDetails = Pick<
  DownloadHistoryItem,
  'title' | 'itemRef' | 'isZip' | 'newerVersionAvailable' | 'newestVersionLabel' | 'redownload'
> &
  // The name shown instead of the recorded one (documents: never the uploaded name, issue 32).
  Partial<Pick<DownloadHistoryItem, 'fileName'>>;

/** Describes one download record of a kind for this user (never throws for access: a hidden item is described as gone). */
export type HistoryDescriber = (deps: ContentKindDeps, user: AuthUser, record: DownloadRecordRow) => Promise<HistoryDetails>;

type WithoutDate<T> = T extends unknown ? Omit<T, 'createdAt'> : never;
/** A favourite as the user may see it now (the date comes from the favourite itself). */
export type FavoriteItem = WithoutDate<Favorite>;

export interface ContentKind {
  /** The itemKind under which downloads and favourites of this kind are stored. */
  kind: DownloadItemKind;
  /** `downloadZip`: the first filePath segments this kind answers, each with its resolver. */
  zipResolvers: Readonly<Record<string, ZipResolver>>;
  /** Download history: what a recorded download is today, whether a newer version is available, how to get it again. */
  describeDownload: HistoryDescriber;
  /** Favourites: the items among `ids` the user may see, by id (hidden or deleted ones are left out). */
  describeFavorites(deps: ContentKindDeps, user: AuthUser, ids: readonly string[]): Promise<Map<string, FavoriteItem>>;
  /** Favourites: refuses an id that can never be a valid item (e.g. a 400 listing why); by default every id may be tried. */
  checkFavorite?(deps: ContentKindDeps, user: AuthUser, itemId: string): Promise<void>;
}
