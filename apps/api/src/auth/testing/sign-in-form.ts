import { expect } from 'vitest';
import type { browser } from './browser.ts';

/**
 * Follows an authorization request through the embedded provider's sign-in form in this browser
 * and answers the final redirect to `redirectUri` (with code and state).
 */
export async function signInThroughForm(go: ReturnType<typeof browser>, authorizationUrl: URL, credentials: { email: string; password: string }, redirectUri: string) {
  let response = await go(authorizationUrl.href);
  const interaction = response.headers.get('location')!;
  expect(interaction).toMatch(/^\/oidc\/interaction\//);
  const page = await (await go(interaction)).text();
  const action = /action="([^"]+)"/.exec(page)![1]!;
  response = await go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(credentials) });
  expect(response.status, await response.clone().text()).toBe(303);
  for (let hops = 0; hops < 10 && !response.headers.get('location')!.startsWith(redirectUri); hops++) {
    response = await go(response.headers.get('location')!);
    expect([302, 303]).toContain(response.status);
  }
  return new URL(response.headers.get('location')!);
}
