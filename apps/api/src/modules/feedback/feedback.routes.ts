import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackBodySchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackParamsSchema,
  feedbackReceiptSchema,
  feedbackStatusBodySchema,
  helpfulSharesQuerySchema,
  helpfulSharesSchema,
} from '@portal/contracts/feedback';
import { errorResponses } from '../../platform/errors.ts';
import { requestOrigin } from '../../platform/events/request-origin.ts';
import { readerLanguages } from '../units/index.ts';
import { changeFeedbackStatus, helpfulShares, listFeedbackQueue, submitFeedback, type FeedbackDeps } from './feedback.service.ts';

/**
 * "Was this helpful?": the reader's answer (`/api/Feedback`, any signed-in user) and the console's triage queue
 * (`/api/Admin/feedback`, gated by the /api/Admin role hook: publishers and admins).
 */
export async function feedbackRoutes(app: FastifyInstance, options: { now?: () => Date } = {}): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: FeedbackDeps = { db: app.db, events: app.events, afterCommit: () => app.jobs.wake(), now: options.now };

  routes.post(
    '/api/Feedback',
    { schema: { body: feedbackBodySchema, response: { 201: feedbackReceiptSchema, ...errorResponses } } },
    async (request, reply) => {
      const language = readerLanguages(request.headers['accept-language'])[0] ?? null;
      return reply.code(201).send(await submitFeedback(deps, request.user, request.body, language));
    },
  );

  routes.get(
    '/api/Admin/feedback',
    { schema: { querystring: feedbackListQuerySchema, response: { 200: feedbackListSchema, ...errorResponses } } },
    (request) => listFeedbackQueue(deps, request.query),
  );

  routes.get(
    '/api/Admin/feedback/helpful-shares',
    { schema: { querystring: helpfulSharesQuerySchema, response: { 200: helpfulSharesSchema, ...errorResponses } } },
    async (request) => ({ items: await helpfulShares(app.db, request.query.documentIds) }),
  );

  routes.post(
    '/api/Admin/feedback/:id/status',
    { schema: { params: feedbackParamsSchema, body: feedbackStatusBodySchema, response: { 200: feedbackItemSchema, ...errorResponses } } },
    (request) => changeFeedbackStatus(deps, request.params.id, request.body, requestOrigin(request)),
  );
}
