import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertDeps } from './alert-deps.ts';
import { unsubscribePath } from './mail.service.ts';
import { getPreferences, turnOffMails } from './preference.service.ts';
import { unsubscribePage } from './unsubscribe-page.ts';
import { checkUnsubscribeToken } from './unsubscribe-token.ts';

const params = z.object({ token: z.string().min(1).max(1000) });

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);

/**
 * The mails' unsubscribe link, outside `/api` (no token: the signed link is the credential). GET
 * shows a confirmation page (mail scanners follow links, so a GET changes nothing); POST, from that
 * page or a mail client's RFC 8058 one-click, turns the user's alert mails off.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const key = alertDeps(app).unsubscribeKey;
  // One-click POSTs carry `List-Unsubscribe=One-Click` as a form: the link alone decides, the body is not read.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, null));
  }

  const check = async (token: string) => checkUnsubscribeToken(token, await key());
  // An expired or outdated link is genuine but no longer enough: the page explains and links to the settings.
  const refusedPage = (reply: FastifyReply, refused: 'invalid' | 'expired' | 'outdated') =>
    sendPage(reply, 403, unsubscribePage('en-US', refused === 'invalid' ? 'invalid' : 'expired', app.config.publicUrl));

  routes.get(`${unsubscribePath}:token`, { schema: { params } }, async (request, reply) => {
    const checked = await check(request.params.token);
    if ('refused' in checked) return refusedPage(reply, checked.refused);
    const { language } = await getPreferences(app.db, checked.userSub);
    return sendPage(reply, 200, unsubscribePage(language, 'confirm', app.config.publicUrl));
  });

  routes.post(`${unsubscribePath}:token`, { schema: { params } }, async (request, reply) => {
    const checked = await check(request.params.token);
    if ('refused' in checked) return refusedPage(reply, checked.refused);
    const { language } = await turnOffMails(app.db, checked.userSub);
    return sendPage(reply, 200, unsubscribePage(language, 'done', app.config.publicUrl));
  });
}
