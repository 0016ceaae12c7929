import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../platform/jobs/job-runner.ts';
import { findPreviewVersion, updateVersionPreview } from '../modules/documents/index.ts';
import { convertModel, defaultModelLimits, ModelConversionError, type ModelLimits } from './model-convert.ts';
import { writeModelGlb } from './model-glb.ts';
import { saveModelPreview } from './model-preview.repository.ts';
import { modelThumbnail } from './model-thumbnail.ts';
import type { PreviewDeps } from './preview-deps.ts';
import { FileTooLargeForPreviewError, readStoredFile, storeBytes } from './stored-file-access.ts';

/** A document version's file (`versionId`), or another stored file (a library file, a CAD set) by its key. */
const payloadSchema = z.union([
  z.object({ versionId: z.string().min(1) }),
  z.object({ sourceKey: z.string().min(1), fileName: z.string().min(1) }),
]);

/**
 * Converts one stored CAD file to its 3D preview (GLB, size, triangles) and, for a document version, its thumbnail.
 * A file that cannot be converted gets "preview not available" with the reason, on the job and in model_previews;
 * the file itself still downloads.
 */
export function modelPreviewJob(deps: PreviewDeps, limits: ModelLimits = deps.modelLimits ?? defaultModelLimits): JobHandler {
  return async (payload) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('the job payload names neither a version nor a stored file');
    let sourceKey: string, fileName: string, versionId: string | undefined;
    if ('versionId' in parsed.data) {
      const version = await findPreviewVersion(deps.db, parsed.data.versionId);
      // A version deleted since is not an error: there is nothing left to preview.
      if (!version) return;
      ({ storageKey: sourceKey, fileName, id: versionId } = version);
    } else {
      ({ sourceKey, fileName } = parsed.data);
    }
    let made;
    try {
      const model = await convertModel(await readStoredFile(deps.storage, sourceKey, limits.maxBytes), fileName, limits, deps.tools.occtDraw ?? null);
      made = { ...(await writeModelGlb(model, limits.maxTriangles)), thumbnail: await modelThumbnail(model) };
    } catch (error) {
      if (!(error instanceof ModelConversionError || error instanceof FileTooLargeForPreviewError)) throw error;
      const failure = `preview not available: ${error.message}`;
      await saveModelPreview(deps.db, sourceKey, { failure });
      deps.log.info({ sourceKey, failure }, 'no 3D preview for a CAD file');
      throw new PermanentJobError(failure);
    }
    const glbKey = await storeBytes(deps.storage, made.glb);
    if (versionId) await updateVersionPreview(deps.db, versionId, { thumbnailKey: await storeBytes(deps.storage, made.thumbnail) });
    await saveModelPreview(deps.db, sourceKey, { glbKey, sizeMm: made.sizeMm, triangles: made.triangles });
  };
}
