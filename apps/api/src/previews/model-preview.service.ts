import type { Kysely } from 'kysely';
import type { ModelPreviewResponse } from '@portal/contracts/previews';
import type { Database } from '../platform/db/schema.ts';
import type { FileUrls } from '../platform/delivery/file-urls.plugin.ts';
import { AppError } from '../platform/errors.ts';
import { findModelPreviews } from './model-preview.repository.ts';

/** Signs a ready 3D preview's GLB for the user already allowed to read the source file. */
type SignGlb = (glbKey: string, fileName: string) => string;

const glbName = (fileName: string) => `${fileName.replace(/\.[^.]*$/, '')}.glb`;

export const signerFor = (fileUrls: FileUrls, userSub: string): SignGlb => (glbKey, fileName) =>
  fileUrls.sign({ storageKey: glbKey, fileName: glbName(fileName), mediaType: 'model/gltf-binary', userSub, disposition: 'inline' });

/**
 * The 3D preview of one stored file the caller may read; 404 with the reason while there is none yet
 * (the job has not run) or none can be made.
 */
export async function modelPreviewOf(db: Kysely<Database>, sign: SignGlb, file: { storageKey: string; fileName: string }): Promise<ModelPreviewResponse> {
  const record = (await findModelPreviews(db, [file.storageKey])).get(file.storageKey);
  if (!record) throw new AppError(404, 'notFound', 'The 3D preview is not made yet.');
  if (!record.ready) throw new AppError(404, 'notFound', record.failure);
  return { data: sign(record.glbKey, file.fileName), sizeMm: record.sizeMm, triangles: record.triangles };
}

/** The ready 3D previews of several stored files (for the CAD downloads' answers), by storage key. */
export async function modelPreviewsOf(
  db: Kysely<Database>,
  sign: SignGlb,
  files: readonly { storageKey: string; fileName: string }[],
): Promise<Map<string, ModelPreviewResponse>> {
  const records = await findModelPreviews(db, files.map((file) => file.storageKey));
  const answers = new Map<string, ModelPreviewResponse>();
  for (const file of files) {
    const record = records.get(file.storageKey);
    if (record?.ready) answers.set(file.storageKey, { data: sign(record.glbKey, file.fileName), sizeMm: record.sizeMm, triangles: record.triangles });
  }
  return answers;
}
