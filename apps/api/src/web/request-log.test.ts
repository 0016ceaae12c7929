import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.ts';
import { redactedTarget } from './request-log.ts';

describe('redactedTarget', () => {
  it.each([
    ['/files/eyJhbGciOi.secret/drawing.pdf', '/files/[redacted]/drawing.pdf'],
    ['/files/tok', '/files/[redacted]'],
    ['/player/ptok/index.m3u8?x=1', '/player/[redacted]/index.m3u8?[redacted]'],
    ['/%66iles/tok/a.pdf', '/files/[redacted]/a.pdf'],
    ['/FILES/tok/a.pdf', '/FILES/[redacted]/a.pdf'],
    ['http://host/files/tok/a.pdf', '/files/[redacted]/a.pdf'],
    ['/login/callback?code=abc&state=s', '/login/callback?[redacted]'],
    ['/api/Documents/D-1', '/api/Documents/D-1'],
    ['/files/', '/files/'],
    ['/unsubscribe/eyJzdWIiOiJ4In0.c2ln', '/unsubscribe/[redacted]'],
    ['/%75nsubscribe/tok', '/unsubscribe/[redacted]'],
  ])('%s → %s', (target, expected) => {
    expect(redactedTarget(target)).toBe(expected);
  });
});

describe('request logs', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-log-'));
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
    database = await createTestDatabase('sqlite');
    app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never contain file tokens, player tokens, authorization codes or bearer tokens', async () => {
    const requests = [
      { url: '/files/secret-file-token-1/drawing.pdf' },
      { url: '/%66iles/secret-file-token-2/drawing.pdf' },
      { method: 'POST' as const, url: '/files/secret-file-token-3/drawing.pdf' },
      { url: '/player/secret-player-token-4/index.html' },
      { url: '/login/callback?code=secret-code-5&state=s' },
      { url: '/api/Me', headers: { authorization: 'Bearer secret-bearer-6' } },
      { url: '/oidc/session/end?id_token_hint=secret-hint-7' },
      { url: '/oidc/auth?client_id=portal-web&code_challenge=secret-challenge-8&response_type=code' },
      { url: '/unsubscribe/secret-unsubscribe-9.sig' },
      { method: 'POST' as const, url: '/unsubscribe/secret-unsubscribe-10.sig' },
    ];
    for (const request of requests) await app.inject(request);
    const log = lines.join('');
    expect(log).toContain('"url":"/files/[redacted]/drawing.pdf"');
    expect(log).toContain('"url":"/login/callback?[redacted]"');
    expect(log).toContain('"url":"/api/Me"');
    expect(log).toContain('"url":"/unsubscribe/[redacted]"');
    for (const secret of ['secret-file-token', 'secret-player-token', 'secret-code', 'secret-bearer', 'secret-hint', 'secret-challenge', 'secret-unsubscribe']) {
      expect(log).not.toContain(secret);
    }
  });
});
