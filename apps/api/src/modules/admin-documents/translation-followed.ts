import type { AdminDocument } from '@portal/contracts/admin-documents';
import type { ChangeOrigin, Emit, PortalEvents } from '../../platform/events/index.ts';

/**
 * Announces that a translation follows another source revision (a new version naming it, or an edit), so that
 * alerts can tell its followers once it has caught up with its source. Nothing when the revision stayed.
 */
export async function emitFollowedRevision(
  emit: Emit<PortalEvents>,
  change: { documentId: string; versionId: string; before: AdminDocument; after: AdminDocument; origin: ChangeOrigin },
): Promise<void> {
  const { before, after } = change;
  if (after.sourceLanguage === null || after.followsRevision === null || after.followsRevision === before.followsRevision) return;
  await emit('document.translation-followed', {
    documentId: change.documentId,
    versionId: change.versionId,
    variantGroup: after.variantGroup,
    sourceLanguage: after.sourceLanguage,
    previous: before.sourceLanguage === null ? null : before.followsRevision,
    followsRevision: after.followsRevision,
    origin: change.origin,
  });
}
