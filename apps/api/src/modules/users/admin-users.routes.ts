import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  adminAccountListQuerySchema,
  adminAccountListSchema,
  adminAccountSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  createAccountBodySchema,
  createUserBodySchema,
  directoryAccountsSchema,
  directoryQuerySchema,
  directoryUsersSchema,
  updateAccountBodySchema,
  updateUserBodySchema,
  userParamsSchema,
} from '@portal/contracts/admin-users';
import { errorResponses } from '../../platform/errors.ts';
import { requestOrigin } from '../../platform/events/request-origin.ts';
import { createAdminAccount, directoryAccounts, listAdminAccounts, updateAdminAccount, type AdminAccountsDeps } from './admin-accounts.service.ts';
import { createAdminUser, directoryUsers, listAdminUsers, updateAdminUser, type AdminUsersDeps } from './admin-users.service.ts';

/**
 * Users and accounts in the console. `/api/Admin/users` and `/api/Admin/accounts` are the admins' (the role hook's
 * admin-only prefixes); the pickers' `/api/Admin/directory/*` answer publishers too, with names only.
 */
export async function adminUserRoutes(app: FastifyInstance, options: { now?: () => Date } = {}): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const accounts: AdminAccountsDeps = { db: app.db, events: app.events, now: options.now };
  const users: AdminUsersDeps = { db: app.db, events: app.events, bus: app.cacheBus, now: options.now };
  const noStore = { 'cache-control': 'no-store' };

  routes.get(
    '/api/Admin/accounts',
    { schema: { querystring: adminAccountListQuerySchema, response: { 200: adminAccountListSchema, ...errorResponses } } },
    async (request, reply) => reply.headers(noStore).send(await listAdminAccounts(accounts, request.query)),
  );
  routes.post(
    '/api/Admin/accounts',
    { schema: { body: createAccountBodySchema, response: { 201: adminAccountSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createAdminAccount(accounts, request.body, requestOrigin(request))),
  );
  routes.patch(
    '/api/Admin/accounts/:id',
    { schema: { params: accountParamsSchema, body: updateAccountBodySchema, response: { 200: adminAccountSchema, ...errorResponses } } },
    (request) => updateAdminAccount(accounts, request.params.id, request.body, requestOrigin(request)),
  );

  routes.get(
    '/api/Admin/users',
    { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...errorResponses } } },
    async (request, reply) => reply.headers(noStore).send(await listAdminUsers(users, request.query)),
  );
  routes.post(
    '/api/Admin/users',
    { schema: { body: createUserBodySchema, response: { 201: adminUserSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createAdminUser(users, request.body, requestOrigin(request))),
  );
  routes.patch(
    '/api/Admin/users/:user',
    { schema: { params: userParamsSchema, body: updateUserBodySchema, response: { 200: adminUserSchema, ...errorResponses } } },
    (request) => updateAdminUser(users, request.user, request.params.user, request.body, requestOrigin(request)),
  );

  routes.get(
    '/api/Admin/directory/accounts',
    { schema: { querystring: directoryQuerySchema, response: { 200: directoryAccountsSchema, ...errorResponses } } },
    async (request, reply) => reply.headers(noStore).send({ items: await directoryAccounts(app.db, request.query) }),
  );
  routes.get(
    '/api/Admin/directory/users',
    { schema: { querystring: directoryQuerySchema, response: { 200: directoryUsersSchema, ...errorResponses } } },
    async (request, reply) => reply.headers(noStore).send({ items: await directoryUsers(app.db, request.query) }),
  );
}
