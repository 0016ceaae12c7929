import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { favoriteListQuerySchema, favoriteListResponseSchema, favoriteParamsSchema, favoriteSchema } from '@portal/contracts/favorites';
import type { ContentKind } from '../../platform/content-kinds/content-kind.ts';
import { addFavorite, listFavorites, removeFavorite, type FavoriteDeps } from './favorite.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;

/** `/api/Favorites`: each user's own saved documents, software and CAD items. */
export async function favoriteRoutes(app: FastifyInstance, options: { kinds: readonly ContentKind[] }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: FavoriteDeps = { db: app.db, fileUrls: app.fileUrls, kinds: options.kinds };

  routes.get(
    '/api/Favorites',
    { schema: { querystring: favoriteListQuerySchema, response: { 200: favoriteListResponseSchema, ...errors } } },
    (request) => listFavorites(deps, request.user, request.query.kind),
  );

  routes.put(
    '/api/Favorites/:itemKind/:itemId',
    { schema: { params: favoriteParamsSchema, response: { 200: favoriteSchema, ...errors } } },
    (request) => addFavorite(deps, request.user, request.params),
  );

  routes.delete(
    '/api/Favorites/:itemKind/:itemId',
    { schema: { params: favoriteParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeFavorite(deps, request.user, request.params);
      return reply.status(204).send(null);
    },
  );
}
