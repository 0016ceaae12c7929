import { createWriteOnceObjects, type WriteOnceConfig, type WriteOnceObjects } from '../../platform/storage/write-once-objects.ts';

/** Where signed checkpoints are kept, outside the database: written once, never changed. */
export interface CheckpointStore {
  readonly description: string;
  put(name: string, text: string): Promise<void>;
  /** The `count` newest checkpoints (by name: entry, then time), oldest first. */
  latest(count: number): Promise<Array<{ name: string; text: string }>>;
}

const checkpointFile = /^\d{15}-[\dTZ-]+-[0-9a-f]{16}\.json$/;
const maxCheckpointBytes = 4096;
export const checkpointPrefix = 'audit-checkpoints/';

const checkpointsIn = (objects: WriteOnceObjects): CheckpointStore => ({
  description: objects.description,
  put: (name, text) => objects.put(name, text),
  latest: (count) => objects.newest(count, checkpointFile, maxCheckpointBytes),
});

/** The checkpoints of AUDIT_CHECKPOINT_DIR, else of the S3 bucket's `audit-checkpoints/`; undefined with neither. */
export async function checkpointStoreOf(config: Omit<WriteOnceConfig, 'directory' | 'prefix'> & { AUDIT_CHECKPOINT_DIR?: string }): Promise<CheckpointStore | undefined> {
  const objects = await createWriteOnceObjects({ ...config, directory: config.AUDIT_CHECKPOINT_DIR, prefix: checkpointPrefix });
  return objects && checkpointsIn(objects);
}
