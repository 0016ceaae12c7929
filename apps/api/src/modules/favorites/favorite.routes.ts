import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { favoriteListQuerySchema, favoriteListResponseSchema, favoriteParamsSchema, favoriteSchema } from '@portal/contracts/favorites';
import { addFavorite, listFavorites, removeFavorite } from './favorite.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;

/** `/api/Favorites`: each user's own saved documents, software and CAD items. */
export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/Favorites',
    { schema: { querystring: favoriteListQuerySchema, response: { 200: favoriteListResponseSchema, ...errors } } },
    (request) => listFavorites(app, request.user, request.query.kind),
  );

  routes.put(
    '/api/Favorites/:itemKind/:itemId',
    { schema: { params: favoriteParamsSchema, response: { 200: favoriteSchema, ...errors } } },
    (request) => addFavorite(app, request.user, request.params),
  );

  routes.delete(
    '/api/Favorites/:itemKind/:itemId',
    { schema: { params: favoriteParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeFavorite(app, request.user, request.params);
      return reply.status(204).send(null);
    },
  );
}
