import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { meResponseSchema } from '@portal/contracts/users';
import type { UserService } from './user.service.ts';

export async function userRoutes(app: FastifyInstance, options: { users: UserService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Me',
    { schema: { response: { 200: meResponseSchema, 401: errorBodySchema } } },
    (request) => options.users.me(request.user),
  );
}
