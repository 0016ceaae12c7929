import { escapeHtml } from '../../platform/html.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';
import { oidcMountPath } from './mount-path.ts';

const portalName = 'Technical Resources Portal';


const logo = `<svg viewBox="0 0 48 48" aria-hidden="true"><rect width="48" height="48" rx="10" fill="#6B8724"/>
<path d="M12 36h24M18 36v-6l6-10 8 4" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="24" cy="20" r="3" fill="#CE9041"/><circle cx="33" cy="25" r="2.5" fill="#fff"/></svg>`;

/** A complete page in the portal's sign-in look; `content` must already be escaped. */
export function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${portalName}</title>
<link rel="stylesheet" href="${oidcMountPath}/assets/pages.css">
</head>
<body>
<main>
<div class="brand">${logo}<div><strong>${portalName}</strong><span>Single sign-on</span></div></div>
${content}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  action: string;
  email?: string;
  error?: string;
  /** List the demo accounts and their password (only while they may sign in). */
  demoHint?: boolean;
}

/** The demo accounts with their roles and their shared password. */
function demoAccountsHint(): string {
  const lines = demoAccounts.map((account) => {
    const what = account.refused ? 'refused by the provider' : account.roles.join(', ');
    return `<li><code>${escapeHtml(account.email)}</code> (${escapeHtml(what)})</li>`;
  });
  return `<div class="hint"><p>Demo accounts, all with the password <code>${escapeHtml(demoPassword)}</code>:</p><ul>${lines.join('')}</ul></div>`;
}

export function signInPage({ action, email = '', error, demoHint = false }: SignInPageOptions): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
${demoHint ? demoAccountsHint() : ''}`,
  );
}

/** A page with a heading, a message and a link back to the portal. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : ''}`,
  );
}
