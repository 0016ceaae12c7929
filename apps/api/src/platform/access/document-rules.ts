import type { AuthUser } from '@portal/contracts/users';
import { isStaff } from './audience-rule.ts';

/*
 * The rules about a document the viewer may already see (the audience rule decided that): whether
 * its files may be downloaded, and which of its versions may be read. Staff may do both always.
 */

/** Whether the viewer may download the files of a document they may see: the document allows it, or they are staff. */
export function mayDownload(viewer: AuthUser, document: { downloadable: number }): boolean {
  return document.downloadable === 1 || isStaff(viewer);
}

/** Whether the viewer may read this version of a document they may see: a published one, or any when they are staff (drafts and withdrawn ones). */
export function mayReadVersion(viewer: AuthUser, version: { status: string }): boolean {
  return version.status === 'published' || isStaff(viewer);
}
