import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeadersPlugin } from './security-headers.plugin.ts';

describe('security headers', () => {
  it("sets helmet's headers on every response, and a route's own options over the app's", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } } });
    app.get('/plain', async () => 'ok');
    app.get('/framed', { helmet: { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } } } }, async () => 'ok');
    const plain = await app.inject({ url: '/plain' });
    const framed = await app.inject({ url: '/framed' });
    expect(plain.headers['content-security-policy']).toBe("default-src 'self'");
    expect(framed.headers['content-security-policy']).toBe("default-src 'none'");
    for (const response of [plain, framed]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
    const expected = helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } } });
    for (const [name, value] of expected.set) expect(plain.headers[name]).toBe(value);
    await app.close();
  });
});
