import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { sampleValue, scrapeMetrics } from '../../test/metrics-scrape.ts';
import { alertDeps } from './alert-deps.ts';

const token = randomBytes(24).toString('hex');
const mail = { to: 'carla@acme.example', subject: 'New document: Pump manual', text: 'Hello', html: '<p>Hello</p>', headers: {} };

/** A port nothing listens on: taken and given back at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('mail metrics', () => {
  it('counts a mail the transport took as sent', async () => {
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token, JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    try {
      await alertDeps(t.app).sendMail(mail);
      const families = await scrapeMetrics(t.app, token);
      expect(sampleValue(families, 'portal_mails_total', { result: 'sent' })).toBe(1);
      expect(sampleValue(families, 'portal_mails_total', { result: 'failed' })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('counts a mail the SMTP server could not be reached for as failed', async () => {
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    try {
      await expect(alertDeps(t.app).sendMail(mail)).rejects.toThrow();
      const families = await scrapeMetrics(t.app, token);
      expect(sampleValue(families, 'portal_mails_total', { result: 'failed' })).toBe(1);
      expect(sampleValue(families, 'portal_mails_total', { result: 'sent' })).toBe(0);
    } finally {
      await t.close();
    }
  });
});
