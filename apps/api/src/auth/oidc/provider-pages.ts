import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import { messagePage, page } from './pages.ts';

/** Logout confirmation: the provider's form, submitted at once by a script (a button remains for browsers without it). */
export function logoutPageSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<h1>Signing out…</h1>
${form}
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>`,
    'logout.js',
  );
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
