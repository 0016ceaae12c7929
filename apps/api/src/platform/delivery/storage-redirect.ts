import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../storage/file-storage.ts';
import { contentDisposition } from './http-range.ts';
import type { FileGrant } from './signed-url.ts';

/**
 * Longest life of a presigned storage URL. The redirect is only the first hop of a download (a
 * transfer that has started is not cut when it expires), so a leaked one should not outlive a few minutes.
 */
export const maxPresignedSeconds = 300;

/** The presigned URL lives as long as the portal URL still does, capped, and at least one second. */
export function presignedLifetime(grant: FileGrant, now = Date.now()): number {
  return Math.max(1, Math.min(maxPresignedSeconds, grant.expiresAt - Math.floor(now / 1000)));
}

/**
 * Answers a verified file grant with a 307 to a presigned URL of the storage (FILES_REDIRECT=s3),
 * so the bytes go from the bucket to the browser without passing through the API. The storage
 * answers with the grant's type and Content-Disposition, so the browser saves the same name.
 */
export async function redirectToStorage(
  storage: Required<Pick<FileStorage, 'presignRead'>>,
  grant: FileGrant,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const location = await storage.presignRead(grant.storageKey, {
    expiresInSeconds: presignedLifetime(grant),
    contentType: grant.mediaType,
    contentDisposition: contentDisposition(grant.disposition, grant.fileName),
  });
  // The presigned URL is a credential of its own and expires: neither the browser nor a proxy may keep the redirect.
  return reply.status(307).header('location', location).header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send();
}
