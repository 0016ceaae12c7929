import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../auth/oidc/demo-accounts.ts';
import { createTestApp, testUsers, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { freePort } from '../../test/free-port.ts';
import { parseMetrics, sampleValue, scrapeMetrics } from '../../test/metrics-scrape.ts';
import { enqueueJob } from '../jobs/job.repository.ts';

const token = randomBytes(24).toString('hex');

/** Signs in at the embedded provider from one address, keeping its cookies: one call per password tried. */
async function signInAttempts(t: TestApp, remoteAddress: string) {
  const cookies = new Map<string, string>();
  const go = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const response = await t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
    return response;
  };
  const query = new URLSearchParams({
    client_id: 'portal-web', response_type: 'code', redirect_uri: 'http://localhost:8080/login/callback', scope: 'openid profile email',
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'), code_challenge_method: 'S256', state: 's',
  });
  const interaction = (await go('GET', `/oidc/auth?${query}`)).headers.location as string;
  const action = /action="([^"]+)"/.exec((await go('GET', interaction)).body)![1]!;
  return (email: string, password: string) => go('POST', action, { email, password });
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(await testDialects())('GET /metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN: token, JOB_CONCURRENCY: '1', SEED_DEMO: 'false' });
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect(wrong.body).not.toContain('portal_http_request_duration_seconds');
  });

  it('serves every family in the Prometheus text format', async () => {
    const families = await scrapeMetrics(t.app, token);
    for (const name of [
      'portal_http_requests_total', 'portal_http_request_duration_seconds', 'portal_search_duration_seconds', 'portal_search_page_cache_lookups_total',
      'portal_job_queue_depth', 'portal_job_queue_oldest_age_seconds', 'portal_jobs_running', 'portal_jobs_failed',
      'portal_job_failures_total', 'portal_job_duration_seconds', 'portal_preview_duration_seconds', 'portal_mails_total',
      'portal_sign_ins_total', 'portal_sign_in_lockouts_total', 'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes',
    ]) expect(families.has(name), name).toBe(true);
    expect(families.get('portal_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const admin = await t.authHeaders(testUsers.admin);
    const route = { method: 'GET', route: '/api/Admin/documents/:id', status: '404' };
    const before = sampleValue(await scrapeMetrics(t.app, token), 'portal_http_requests_total', route);
    for (const id of ['missing-1', 'missing-2']) expect((await t.app.inject({ method: 'GET', url: `/api/Admin/documents/${id}`, headers: admin })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/no/such/place-42' });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const families = parseMetrics(body);
    expect(sampleValue(families, 'portal_http_requests_total', route)).toBe(before + 2);
    expect(body).not.toContain('missing-1');
    expect(body).not.toContain('place-42');
  });

  it('times searches and counts the page cache hits and misses', async () => {
    const customer = await t.authHeaders(testUsers.customer);
    const before = await scrapeMetrics(t.app, token);
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/Content/search?q=pump', headers: customer })).statusCode).toBe(200);
    const after = await scrapeMetrics(t.app, token);
    expect(sampleValue(after, 'portal_search_duration_seconds') - sampleValue(before, 'portal_search_duration_seconds')).toBe(3);
    const delta = (result: string) => sampleValue(after, 'portal_search_page_cache_lookups_total', { result }) - sampleValue(before, 'portal_search_page_cache_lookups_total', { result });
    expect(delta('miss')).toBe(1);
    expect(delta('hit')).toBe(2);
  });

  it('reads the queue depth and age per kind from the jobs table, and counts job and preview failures', async () => {
    await enqueueJob(t.db, { kind: 'metrics-test-waiting', payload: {}, runAfter: new Date(Date.now() + 3_600_000) });
    const families = await scrapeMetrics(t.app, token);
    expect(sampleValue(families, 'portal_job_queue_depth', { kind: 'metrics-test-waiting' })).toBe(1);
    expect(sampleValue(families, 'portal_job_queue_oldest_age_seconds', { kind: 'metrics-test-waiting' })).toBe(0);

    // A thumbnail job without a version fails for good; one whose version is gone ends without work.
    await enqueueJob(t.db, { kind: 'thumbnail', payload: {} });
    await enqueueJob(t.db, { kind: 'thumbnail', payload: { versionId: 'gone' } });
    t.app.jobs.wake();
    const finished = async () => (await t.db.selectFrom('jobs').select('status').where('kind', '=', 'thumbnail').where('status', 'in', ['done', 'failed']).execute()).length;
    await until(async () => (await finished()) === 2);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const after = parseMetrics(text);
    expect(sampleValue(after, 'portal_job_failures_total', { kind: 'thumbnail' })).toBe(1);
    expect(sampleValue(after, 'portal_jobs_failed', { kind: 'thumbnail' })).toBe(1);
    expect(sampleValue(after, 'portal_job_queue_depth', { kind: 'thumbnail' })).toBe(0);
    // The parser folds a histogram's series into one: the series themselves are read from the (parsed, so well-formed) text.
    expect(text).toContain('portal_preview_duration_seconds_count{kind="thumbnail",outcome="done"} 1\n');
    expect(text).toContain('portal_preview_duration_seconds_count{kind="thumbnail",outcome="failed"} 1\n');
    expect(text).toContain('portal_job_duration_seconds_count{kind="thumbnail",outcome="failed"} 1\n');
  });

  it('counts sign-ins, wrong passwords and lock-outs at the embedded provider', async () => {
    const before = await scrapeMetrics(t.app, token);
    const good = await signInAttempts(t, '198.51.100.7');
    expect((await good(testUsers.customer.email, demoPassword)).statusCode).toBeLessThan(400);
    const email = `nobody-${randomBytes(4).toString('hex')}@demo.example`;
    const bad = await signInAttempts(t, '198.51.100.8');
    let locked = false;
    for (let attempt = 0; attempt < 8 && !locked; attempt += 1) locked = (await bad(email, 'wrong')).statusCode === 429;
    expect(locked).toBe(true);
    expect((await bad(email, 'wrong')).statusCode).toBe(429);
    const after = await scrapeMetrics(t.app, token);
    const delta = (name: string, labels: Record<string, string> = {}) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('portal_sign_ins_total', { outcome: 'success' })).toBe(1);
    expect(delta('portal_sign_ins_total', { outcome: 'wrong-password' })).toBeGreaterThanOrEqual(1);
    expect(delta('portal_sign_ins_total', { outcome: 'refused-locked' })).toBeGreaterThanOrEqual(1);
    expect(delta('portal_sign_in_lockouts_total')).toBe(1);
  });
});

describe('the job queue with no runner in this process', () => {
  it('gives the age of the oldest due job per kind', async () => {
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token, JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    try {
      await enqueueJob(t.db, { kind: 'metrics-test-late', payload: {}, runAfter: new Date(Date.now() - 20 * 60_000) });
      await enqueueJob(t.db, { kind: 'metrics-test-late', payload: {}, runAfter: new Date(Date.now() - 60_000) });
      const families = await scrapeMetrics(t.app, token);
      expect(sampleValue(families, 'portal_job_queue_depth', { kind: 'metrics-test-late' })).toBe(2);
      const age = sampleValue(families, 'portal_job_queue_oldest_age_seconds', { kind: 'metrics-test-late' });
      expect(age).toBeGreaterThanOrEqual(20 * 60);
      expect(age).toBeLessThan(20 * 60 + 30);
    } finally {
      await t.close();
    }
  });
});

describe('where /metrics is served', () => {
  it('is not served at all without METRICS_TOKEN', async () => {
    const t = await createTestApp('sqlite', { JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('moves to METRICS_PORT when set, still behind the token', async () => {
    const port = await freePort();
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token, METRICS_PORT: String(port), HOST: '127.0.0.1', JOB_CONCURRENCY: '0', SEED_DEMO: 'false' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      expect(parseMetrics(await scraped.text()).has('portal_http_request_duration_seconds')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
