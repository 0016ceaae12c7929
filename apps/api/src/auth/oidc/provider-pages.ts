import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../platform/html.ts';
import { messagePage, page } from './pages.ts';

/**
 * Logout confirmation. Signing out needs the user's own click on this page (a POST with the
 * provider's xsrf token): a bare link from another site only shows the question.
 */
export function logoutPageSource(config: Config) {
  return (ctx: KoaContextWithOIDC, form: string): void => {
    ctx.type = 'html';
    ctx.body = page(
      'Sign out',
      `<h1>Sign out of the portal?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign out</button>
<a class="button secondary" href="${escapeHtml(`${config.publicUrl}/`)}">Stay signed in</a>`,
    );
  };
}

/** Shown only when a logout request came without a post-logout redirect address. */
export function postLogoutPageSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = messagePage('Signed out', 'You have been signed out of the portal.', { href: '/', text: 'Back to the portal' });
}

/** Errors the provider cannot send back to the web app (unknown client, bad redirect address, expired session). */
export function errorPageSource(config: Config) {
  return (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }): void => {
    ctx.type = 'html';
    ctx.body = messagePage(
      'Sign-in problem',
      `${out.error_description ?? out.error}. Go back to the portal and sign in again.`,
      { href: `${config.publicUrl}/`, text: 'Back to the portal' },
    );
  };
}
