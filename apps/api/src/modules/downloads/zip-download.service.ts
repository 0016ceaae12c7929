import type { Readable } from 'node:stream';
import type { AuthUser } from '@portal/contracts/users';
import type { ContentKind, ContentKindDeps, ZipEntrySource, ZipResolver, ZipSource } from '../../platform/content-kinds/content-kind.ts';
import type { BufferPool } from '../../platform/delivery/buffer-pool.ts';
import { ZipFile } from '../../platform/delivery/zip-file.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { userContext, type AuditContext } from '../audit/index.ts';
import { recordDownload, type DownloadRecorderDeps } from './download-recorder.ts';
import { splitZipPath } from './zip-path.ts';

/** What each first segment of a `downloadZip` filePath stands for, gathered from the content kinds. */
export function zipResolversOf(kinds: readonly ContentKind[]): ReadonlyMap<string, ZipResolver> {
  const resolvers = new Map<string, ZipResolver>();
  for (const kind of kinds) {
    for (const [prefix, resolver] of Object.entries(kind.zipResolvers)) {
      if (resolvers.has(prefix)) throw new Error(`Two content kinds answer downloadZip paths under "${prefix}/".`);
      resolvers.set(prefix, resolver);
    }
  }
  return resolvers;
}

/** Checks and resolves a filePath (400 / 404 / 403 as the resolvers decide), then records the download. */
export async function resolveZipDownload(
  deps: ContentKindDeps & DownloadRecorderDeps & { resolvers: ReadonlyMap<string, ZipResolver> },
  user: AuthUser,
  filePath: unknown,
  audit: AuditContext = userContext(user),
): Promise<ZipSource> {
  const [prefix, ...rest] = splitZipPath(filePath);
  const resolver = deps.resolvers.get(prefix);
  if (!resolver) throw notFound('notFound', `Nothing can be downloaded under "${prefix}/".`);
  const source = await resolver(deps, user, rest);
  await recordDownload(deps, { ...source.record, userSub: user.sub }, audit);
  return source;
}

/**
 * Streams a zip of stored files: each file is opened only when the writer reaches it, so the first
 * bytes leave at once and memory stays flat whatever the total size. Returns the exact length when
 * it is known in advance (every entry stored, none deflated).
 */
export function zipStream(
  storage: FileStorage,
  entries: readonly ZipEntrySource[],
  /** Local files are read into this pool's buffers (send the stream with sendPooledStream). */
  pool?: BufferPool,
): { stream: Readable; size: number | null } {
  const zip = new ZipFile();
  for (const entry of entries) zip.addStoredFile(entry.name, storage, entry.storageKey, { size: entry.size, compress: entry.compress }, pool);
  let size: number | null = null;
  // yazl passes the total (or -1 when unknown) to this callback; its type declarations omit the argument.
  const end = zip.end.bind(zip) as (options: object, calculatedTotalSize: (total: number) => void) => void;
  const stream = zip.finishedStream(() =>
    end({}, (total) => {
      size = total >= 0 ? total : null;
    }),
  );
  return { stream, size };
}
