import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import { storeUpload } from './upload-intake.ts';

/*
 * An upload that never ends, into the file storage of DATA_DIR=<folder>, for a test to kill
 * with SIGKILL half-way: prints "uploading" once its first bytes are on their way.
 *
 *   node killed-upload.fixture.ts <data folder>
 */

async function* endlessPdf(): AsyncGenerator<Buffer> {
  yield Buffer.from('%PDF-1.4\n');
  for (;;) {
    yield Buffer.alloc(64 * 1024, 0x20);
    await sleep(10);
  }
}

const storage = await createFileStorage(loadConfig({ DATA_DIR: process.argv[2]!, LOG_LEVEL: 'silent' }));
console.log('uploading');
await storeUpload(storage, Readable.from(endlessPdf()), 'manual.pdf', Number.MAX_SAFE_INTEGER);
