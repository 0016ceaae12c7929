import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, conflict, forbidden, notFound, registerErrorHandler } from './errors.ts';

async function appWithRoutes() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/items',
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1), sort: z.enum(['title', 'date']) }) } },
    async () => ({ ok: true }),
  );
  app.get('/missing', async () => {
    throw notFound('documentNotFound', 'No such document.');
  });
  app.get('/forbidden', async () => {
    throw forbidden();
  });
  app.get('/conflict', async () => {
    throw conflict('Already there.');
  });
  app.get('/bad', async () => {
    throw badRequest('invalidParameters', 'Nope.', [{ path: 'query.x', message: 'is wrong' }]);
  });
  app.get('/crash', async () => {
    throw new Error('database password is hunter2');
  });
  app.post('/echo', async (request) => request.body);
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('lists every invalid parameter with 400 invalidParameters', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ url: '/items?page=0&sort=size' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('invalidParameters');
    expect(body.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['querystring.page', 'querystring.sort']);
  });

  it('turns AppErrors into their status and body', async () => {
    const app = await appWithRoutes();
    expect((await app.inject({ url: '/missing' })).json()).toEqual({ error: 'documentNotFound', message: 'No such document.' });
    expect((await app.inject({ url: '/forbidden' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/conflict' })).json()).toEqual({ error: 'conflict', message: 'Already there.' });
    expect((await app.inject({ url: '/bad' })).json()).toEqual({
      error: 'invalidParameters', message: 'Nope.', details: [{ path: 'query.x', message: 'is wrong' }],
    });
  });

  it('hides the details of a server error', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internalError', message: 'Something went wrong on our side.' });
    expect(response.body).not.toContain('hunter2');
  });

  it("maps Fastify's own 4xx errors to stable codes", async () => {
    const app = await appWithRoutes();
    const badJson = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBe('invalidParameters');
    const unsupported = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().error).toBe('unsupportedMediaType');
  });
});
