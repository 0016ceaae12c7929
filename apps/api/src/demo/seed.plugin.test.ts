import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { contentGeneration } from '../platform/content-kinds/content-generation.ts';
import { insertDocument, insertReferenceData } from '../test/document-fixtures.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-databases.ts';
import { demoSeedPlugin } from './seed.plugin.ts';
import { markSeeded } from './seed-marker.repository.ts';

// A stand-in for the seed process: waits until the test creates `release`, then exits with `code`;
// touches `started` first so that a test can tell whether it ran at all.
const standIn = `
const [release, code, started] = process.argv.slice(1);
require('node:fs').writeFileSync(started, '');
const poll = setInterval(() => { if (require('node:fs').existsSync(release)) { clearInterval(poll); process.exit(Number(code)); } }, 20);
`;

describe.each(await testDialects())('the demo seed plugin on %s', (dialect) => {
  let database: TestDatabase;
  let folder: string;
  let app: FastifyInstance | undefined;
  const wake = vi.fn();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    folder = mkdtempSync(join(tmpdir(), 'demo-seed-plugin-'));
    wake.mockClear();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await database.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  async function startServer(exitCode: number, { listen = true } = {}): Promise<string> {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', database.db);
    await app.register(fp(async (instance) => {
      instance.decorate('jobs', { wake, handle: () => undefined });
    }, { name: 'jobs' }));
    await app.register(healthRoutes);
    const seedCommand = [process.execPath, '-e', standIn, join(folder, 'release'), String(exitCode), join(folder, 'started')] as const;
    await app.register(demoSeedPlugin, { enabled: true, seedCommand });
    if (!listen) {
      await app.ready();
      return '';
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }

  const demoContent = async (baseUrl: string) => ((await (await fetch(`${baseUrl}/healthz`)).json()) as { demoContent: string }).demoContent;

  it('answers at once on a first start, says the demo content is being prepared, and ready when the seed is done', async () => {
    const baseUrl = await startServer(0);
    expect(await demoContent(baseUrl)).toBe('preparing');
    await vi.waitFor(() => expect(existsSync(join(folder, 'started'))).toBe(true), { timeout: 10_000 });
    expect(await demoContent(baseUrl)).toBe('preparing');
    const generation = contentGeneration();

    writeFileSync(join(folder, 'release'), '');
    await vi.waitFor(async () => expect(await demoContent(baseUrl)).toBe('ready'), { timeout: 10_000, interval: 50 });
    // Previews start now, and search counts cached over the empty portal are dropped.
    expect(wake).toHaveBeenCalled();
    expect(contentGeneration()).toBeGreaterThan(generation);
  });

  it('reports a failed seed', async () => {
    const baseUrl = await startServer(3);
    writeFileSync(join(folder, 'release'), '');
    await vi.waitFor(async () => expect(await demoContent(baseUrl)).toBe('failed'), { timeout: 10_000, interval: 50 });
  });

  it('starts no seed on a seeded database', async () => {
    await insertReferenceData(database.db);
    await insertDocument(database.db, { id: 'doc-1', title: 'Manual' });
    await markSeeded(database.db, 'software');
    await markSeeded(database.db, 'cad');
    const baseUrl = await startServer(0);
    expect(await demoContent(baseUrl)).toBe('ready');
    await new Promise((wait) => setTimeout(wait, 300));
    expect(existsSync(join(folder, 'started'))).toBe(false);
  });

  it('seeds nothing and reports ready when the app never listens (tests, tools)', async () => {
    await startServer(0, { listen: false });
    const response = await app!.inject({ url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', demoContent: 'ready' });
    expect(existsSync(join(folder, 'started'))).toBe(false);
  });
});
