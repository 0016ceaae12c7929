import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followListResponseSchema,
  followMailBodySchema,
  followParamsSchema,
  followSchema,
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  preferencesSchema,
  updatePreferencesBodySchema,
} from '@portal/contracts/alerts';
import { errorBodySchema } from '@portal/contracts/errors';
import { scheduleAlertTick } from './alert-schedule.service.ts';
import { follow, myFollows, setMyFollowMail, unfollow } from './follow.service.ts';
import { markMyNotificationsRead, myNotifications } from './notification.service.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { myPreferences, updateMyPreferences } from './preference.service.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;

/** `/api/Follows`, `/api/Notifications`, `/api/Me/preferences` (each user's own), the mails' unsubscribe links and the admin's outbox. */
export async function alertRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  routes.get('/api/Follows', { schema: { response: { 200: followListResponseSchema, ...errors } } }, (request) => myFollows(db, request.user));
  routes.put('/api/Follows/:kind/:itemId', { schema: { params: followParamsSchema, response: { 200: followSchema, ...errors } } }, (request) =>
    follow({ db, units: app.unitAlerts }, request.user, request.params),
  );
  routes.patch(
    '/api/Follows/:kind/:itemId',
    { schema: { params: followParamsSchema, body: followMailBodySchema, response: { 200: followSchema, ...errors } } },
    (request) => setMyFollowMail(db, request.user, request.params, request.body.mail),
  );
  routes.delete('/api/Follows/:kind/:itemId', { schema: { params: followParamsSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await unfollow(db, request.user, request.params);
    return reply.status(204).send(null);
  });

  routes.get('/api/Notifications', { schema: { querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema, ...errors } } }, (request) =>
    myNotifications(db, request.user, request.query),
  );
  routes.post(
    '/api/Notifications/read',
    { schema: { body: markNotificationsReadBodySchema, response: { 200: markNotificationsReadResponseSchema, ...errors } } },
    (request) => markMyNotificationsRead(db, request.user, request.body),
  );

  routes.get('/api/Me/preferences', { schema: { response: { 200: preferencesSchema, ...errors } } }, (request) => myPreferences(db, request.user));
  routes.put('/api/Me/preferences', { schema: { body: updatePreferencesBodySchema, response: { 200: preferencesSchema, ...errors } } }, (request) =>
    updateMyPreferences(db, request.user, request.body),
  );

  await app.register(unsubscribeRoutes);
  await app.register(outboxRoutes);
  // Digests and mails a failing server left behind are picked up by an hourly job; each start queues the current hour's.
  app.addHook('onReady', () => scheduleAlertTick(db));
}
