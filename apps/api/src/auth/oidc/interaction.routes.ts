import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { auditContextOf, recordAudit } from '../../modules/audit/index.ts';
import type { AccountDirectory } from '../accounts/account-directory.ts';
import { oidcMountPath } from './mount-path.ts';
import { messagePage, signInPage } from './pages.ts';
import { waitText, type SignInThrottle } from './sign-in-throttle.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const signInForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });
const wrongCredentials = 'The e-mail or password is wrong. Please try again.';
const tooManyAttempts = (seconds: number) =>
  `Too many wrong passwords. Sign-in is locked for this account or network: please wait ${waitText(seconds)} and try again.`;
const refusedDescription = 'This account may not use the portal';

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The portal is the provider's only, first-party client: consent is given on the user's behalf. */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<Record<string, unknown>> {
  const { details } = interaction.prompt;
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) });
  if (!grant) throw new Error('The grant of this interaction has disappeared');
  const missingScopes = details.missingOIDCScope as string[] | undefined;
  const missingClaims = details.missingOIDCClaims as string[] | undefined;
  const missingResourceScopes = details.missingResourceScopes as Record<string, string[]> | undefined;
  if (missingScopes) grant.addOIDCScope(missingScopes.join(' '));
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  return interaction.grantId ? {} : { grantId };
}

/** Records a successful sign-in in the audit log, as the account signing in, from the request's address. */
async function auditSignIn(app: FastifyInstance, request: FastifyRequest, accounts: AccountDirectory, sub: string): Promise<void> {
  const claims = await accounts.claims(sub);
  if (!claims) return;
  const { email, name, roles, account } = claims;
  await recordAudit(app.db, auditContextOf(request, { sub, email, name, roles, account }), { action: 'sign-in', object: { kind: 'account', id: sub }, after: { method: 'password' } });
}

/** The sign-in pages of the embedded provider: the form, its submission and the automatic consent. */
export async function interactionRoutes(
  app: FastifyInstance,
  options: { provider: Provider; helmet: object; demoAccounts: boolean; accounts: AccountDirectory; throttle: SignInThrottle },
): Promise<void> {
  const { provider, helmet, throttle } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof Error && error.name === 'SessionNotFound') return undefined;
      throw error;
    }
  };
  const expired = (reply: FastifyReply) =>
    html(reply, messagePage('Sign-in expired', 'This sign-in page has expired. Go back to the portal to sign in again.', { href: '/', text: 'Back to the portal' }), 400);

  app.get<{ Params: { uid: string } }>(`${oidcMountPath}/interaction/:uid`, { helmet }, async (request, reply) => {
    const interaction = await details(request, reply);
    // A finished or timed-out sign-in page, reached again with Back or a reload: the portal goes on
    // with the session it has, or starts a fresh sign-in, instead of showing an error.
    if (!interaction || interaction.uid !== request.params.uid) return reply.redirect('/', 303);
    if (interaction.prompt.name === 'login') {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      return html(reply, signInPage({ action: `${oidcMountPath}/interaction/${interaction.uid}/login`, email: hint, demoHint: options.demoAccounts }));
    }
    const consent = await grantConsent(provider, interaction);
    return reply.redirect(await provider.interactionResult(request.raw, reply.raw, { consent }), 303);
  });

  app.post<{ Params: { uid: string } }>(`${oidcMountPath}/interaction/:uid/login`, { helmet }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid || interaction.prompt.name !== 'login') return expired(reply);
    const parsed = signInForm.safeParse(request.body ?? {});
    const form = parsed.success ? parsed.data : { email: '', password: '' };
    const action = `${oidcMountPath}/interaction/${interaction.uid}/login`;
    const attempt = { email: form.email, address: request.ip };
    const locked = (seconds: number) =>
      html(reply.header('retry-after', String(seconds)), signInPage({ action, email: form.email, error: tooManyAttempts(seconds), demoHint: options.demoAccounts }), 429);

    const wait = await throttle.waitSeconds(attempt);
    if (wait > 0) return locked(wait);
    const account = parsed.success ? await options.accounts.authenticate(form.email, form.password) : undefined;
    if (!account) {
      const nextWait = await throttle.recordFailure(attempt);
      if (nextWait > 0) return locked(nextWait);
      return html(reply, signInPage({ action, email: form.email, error: wrongCredentials, demoHint: options.demoAccounts }), 401);
    }
    await throttle.recordSuccess(attempt);
    if (!('refused' in account)) await auditSignIn(app, request, options.accounts, account.sub);
    const result = 'refused' in account
      ? { error: 'access_denied', error_description: refusedDescription }
      : { login: { accountId: account.sub } };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.redirect(returnTo, 303);
  });
}
