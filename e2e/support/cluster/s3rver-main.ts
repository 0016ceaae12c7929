import { startS3rver } from '../../../apps/api/src/platform/storage/s3rver-test-server.ts';

/*
 * s3rver in a process of its own: it has races of its own under concurrent writers (a delete removes
 * the empty folder a parallel upload is about to write into) that surface as unhandled errors. The
 * failed request answers an error and the portal retries; the test process must not count them.
 */
process.on('uncaughtException', (error) => console.error(`s3rver: ${error.message}`));
process.on('unhandledRejection', (error) => console.error(`s3rver: ${String(error)}`));

const server = await startS3rver();
process.stdout.write(`${JSON.stringify(server.storageOptions)}\n`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
