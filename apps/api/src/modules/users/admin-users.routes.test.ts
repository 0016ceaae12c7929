import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../auth/testing/browser.ts';
import { signInThroughForm } from '../../auth/testing/sign-in-form.ts';
import { demoPassword } from '../../auth/oidc/demo-accounts.ts';
import { verifyAuditChain } from '../audit/index.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestApp, testUsers, type TestApp, type TestUserInput } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

/*
 * Users and accounts in the console through the real routes on both databases: admins only (publishers and
 * customers 403, the pickers' directory for publishers too), every change audited, bad input 400, a taken e-mail
 * or id 409, and a disabled user neither signs in on the embedded provider nor gets an answer to their token.
 */

describe.each(await testDialects())('users and accounts in the console on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let oidc: client.Configuration;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, { PUBLIC_URL: base, DEMO_ACCOUNTS: 'true', SEED_DEMO: 'false', JOB_CONCURRENCY: '0' });
    await t.app.listen({ port, host: '127.0.0.1' });
    oidc = await client.discovery(new URL(`${base}/oidc`), 'portal-web', undefined, client.None(), { execute: [client.allowInsecureRequests] });
  });
  afterAll(() => t.close());

  const as = async (user: TestUserInput | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user ? await t.authHeaders(user) : {} });
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => as(testUsers.admin, method, url, payload);
  /** The console's changes of an object in the audit log (sign-ins left out). */
  const auditOf = async (kind: string, id: string) =>
    (
      await t.db
        .selectFrom('audit_entries')
        .select(['action', 'actor', 'before', 'after'])
        .where('objectKind', '=', kind)
        .where('objectId', '=', id)
        .where('action', '!=', 'sign-in')
        .orderBy('seq')
        .execute()
    ).map(
      (row) => ({ action: row.action, actor: row.actor, before: row.before && (JSON.parse(row.before) as unknown), after: row.after && (JSON.parse(row.after) as unknown) }),
    );

  /** The redirect after the sign-in form (303 with a location) or its refusal (401). */
  const signInStatus = async (email: string, password: string) => {
    const go = browser(base);
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: `${base}/login/callback`,
      scope: 'openid profile email',
      state: 's',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const interaction = (await go(url.href)).headers.get('location')!;
    const action = /action="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
    const answer = await go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }) });
    return answer.status;
  };

  /** An access token through the real sign-in form. */
  const signedInToken = async (email: string, password: string) => {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: `${base}/login/callback`,
      scope: 'openid profile email',
      state: 's',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await signInThroughForm(browser(base), url, { email, password }, `${base}/login/callback`);
    return (await client.authorizationCodeGrant(oidc, callback, { pkceCodeVerifier: verifier, expectedState: 's' })).access_token;
  };
  const meWith = (token: string) => t.app.inject({ url: '/api/Me', headers: { authorization: `Bearer ${token}` } });

  it('keeps users and accounts for admins: publishers, employees and customers get 403, nobody signed in 401', async () => {
    const routes = [
      ['GET', '/api/Admin/accounts'],
      ['POST', '/api/Admin/accounts', { id: 'X-1', name: 'X', kind: 'customer' }],
      ['PATCH', '/api/Admin/accounts/X-1', { name: 'Y' }],
      ['GET', '/api/Admin/users'],
      ['POST', '/api/Admin/users', { email: 'x@example.com', name: 'X', roles: ['customer'], password: 'a long enough password' }],
      ['PATCH', '/api/Admin/users/someone', { disabled: true }],
    ] as const;
    for (const [method, url, payload] of routes) {
      for (const user of [testUsers.publisher, testUsers.employee, testUsers.customer, testUsers.partner]) {
        expect((await as(user, method, url, payload)).statusCode, `${user.sub} ${method} ${url}`).toBe(403);
      }
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await admin('GET', '/api/Admin/accounts')).statusCode).toBe(200);
    expect((await admin('GET', '/api/Admin/users')).statusCode).toBe(200);
    // The pickers' directory answers the publishing roles, no one else.
    for (const url of ['/api/Admin/directory/accounts', '/api/Admin/directory/users']) {
      expect((await as(testUsers.publisher, 'GET', url)).statusCode).toBe(200);
      expect((await as(testUsers.admin, 'GET', url)).statusCode).toBe(200);
      expect((await as(testUsers.customer, 'GET', url)).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('accounts').select('id').where('id', '=', 'X-1').execute()).toEqual([]);
  });

  it('creates, finds and changes accounts with their serving partners, each change audited', async () => {
    const partner = await admin('POST', '/api/Admin/accounts', { id: 'SERV-1', name: 'Service Partner One', kind: 'partner' });
    expect(partner.statusCode).toBe(201);
    expect((await admin('POST', '/api/Admin/accounts', { id: 'SERV-2', name: 'Service Partner Two', kind: 'partner' })).statusCode).toBe(201);
    const customer = await admin('POST', '/api/Admin/accounts', { id: 'CUST-7', name: 'Customer Seven', kind: 'customer', partners: ['SERV-1'] });
    expect(customer.statusCode).toBe(201);
    expect(customer.json()).toMatchObject({ id: 'CUST-7', name: 'Customer Seven', kind: 'customer', partners: [{ id: 'SERV-1', name: 'Service Partner One' }], customers: [] });

    const found = (await admin('GET', '/api/Admin/accounts?q=seven')).json();
    expect(found).toMatchObject({ total: 1, items: [{ id: 'CUST-7' }] });
    const partners = (await admin('GET', '/api/Admin/accounts?kind=partner&q=serv')).json();
    expect(partners.items.map((item: { id: string }) => item.id)).toEqual(['SERV-1', 'SERV-2']);
    expect(partners.items[0].customers).toEqual([{ id: 'CUST-7', name: 'Customer Seven' }]);

    const changed = await admin('PATCH', '/api/Admin/accounts/CUST-7', { name: 'Customer 7 Ltd', partners: ['SERV-2', 'SERV-1'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().partners.map((item: { id: string }) => item.id)).toEqual(['SERV-1', 'SERV-2']);
    // Nothing changed: no entry.
    expect((await admin('PATCH', '/api/Admin/accounts/CUST-7', { name: 'Customer 7 Ltd' })).statusCode).toBe(200);

    expect(await auditOf('company', 'CUST-7')).toEqual([
      { action: 'create', actor: testUsers.admin.email, before: null, after: { name: 'Customer Seven', kind: 'customer', partners: ['SERV-1'] } },
      {
        action: 'edit',
        actor: testUsers.admin.email,
        before: { name: 'Customer Seven', kind: 'customer', partners: ['SERV-1'] },
        after: { name: 'Customer 7 Ltd', kind: 'customer', partners: ['SERV-1', 'SERV-2'] },
      },
    ]);
    expect((await auditOf('company', 'SERV-1')).map((entry) => entry.action)).toEqual(['create']);
    // The audit log names the account, not only its id.
    const log = (await admin('GET', '/api/Admin/audit?objectKind=company&objectId=CUST-7')).json();
    expect(log.entries[0]).toMatchObject({ action: 'edit', objectTitle: 'Customer 7 Ltd (CUST-7)' });

    // The picker finds an account by id or name, publishers included.
    const picked = (await as(testUsers.publisher, 'GET', '/api/Admin/directory/accounts?q=cust&limit=5')).json();
    expect(picked.items).toEqual([{ id: 'CUST-7', name: 'Customer 7 Ltd', kind: 'customer' }]);
  });

  it('refuses bad accounts with 400, a taken id with 409 and an unknown one with 404', async () => {
    const bad = [
      { id: '', name: 'Empty', kind: 'customer' },
      { id: 'has space', name: 'Spaces', kind: 'customer' },
      { id: 'X'.repeat(65), name: 'Long', kind: 'customer' },
      { id: 'OK-1', name: '<b>bold</b>', kind: 'customer' },
      { id: 'OK-1', name: 'Kind', kind: 'supplier' },
      { id: 'OK-1', name: 'Partner of partner', kind: 'partner', partners: ['SERV-1'] },
      { id: 'OK-1', name: 'Unknown partner', kind: 'customer', partners: ['NOPE'] },
      { id: 'OK-1', name: 'Customer as partner', kind: 'customer', partners: ['CUST-7'] },
    ];
    for (const payload of bad) expect((await admin('POST', '/api/Admin/accounts', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await admin('POST', '/api/Admin/accounts', { id: 'cust-7', name: 'Again', kind: 'customer' })).statusCode).toBe(409);
    expect((await admin('PATCH', '/api/Admin/accounts/CUST-7', {})).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/Admin/accounts/CUST-7', { partners: ['CUST-7'] })).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/Admin/accounts/SERV-1', { kind: 'customer' })).statusCode).toBe(409);
    expect((await admin('PATCH', '/api/Admin/accounts/NO-SUCH', { name: 'x' })).statusCode).toBe(404);
    expect((await admin('GET', `/api/Admin/accounts?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await admin('GET', '/api/Admin/accounts?pageSize=1000')).statusCode).toBe(400);
    expect(await t.db.selectFrom('accounts').select('id').where('id', '=', 'OK-1').execute()).toEqual([]);
  });

  it('creates a local user who signs in with the password; lists them with the users seen, found by name, e-mail or account', async () => {
    const created = await admin('POST', '/api/Admin/users', { email: ' Nora@Example.com ', name: 'Nora Local', roles: ['customer'], account: 'CUST-7', password: 'nora has a long password' });
    expect(created.statusCode).toBe(201);
    const nora = created.json();
    expect(nora).toMatchObject({ email: 'nora@example.com', name: 'Nora Local', roles: ['customer'], account: { id: 'CUST-7', name: 'Customer 7 Ltd' }, source: 'local', lastSignInAt: null, disabled: false });
    expect(JSON.stringify(nora)).not.toContain('password');

    const token = await signedInToken('nora@example.com', 'nora has a long password');
    expect((await meWith(token)).json()).toMatchObject({ sub: nora.id, roles: ['customer'], account: 'CUST-7' });
    // A user of the identity provider, seen on a request.
    await as({ sub: 'idp-olga', email: 'olga@partner.example', name: 'Olga Provider', roles: ['partner'], account: 'SERV-1' }, 'GET', '/api/Me');

    const all = (await admin('GET', '/api/Admin/users?pageSize=100')).json();
    const emails = all.items.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.items.find((user: { id: string }) => user.id === nora.id)).toMatchObject({ source: 'local', lastSignInAt: expect.any(String) });
    expect(all.items.find((user: { id: string }) => user.id === 'idp-olga')).toMatchObject({
      name: 'Olga Provider',
      roles: ['partner'],
      account: { id: 'SERV-1', name: 'Service Partner One' },
      source: 'provider',
      disabled: false,
    });
    // Nora is listed once although she was seen on a request too.
    expect(all.items.filter((user: { email: string }) => user.email === 'nora@example.com')).toHaveLength(1);
    expect(all.total).toBe(all.items.length);

    expect((await admin('GET', '/api/Admin/users?q=NORA')).json()).toMatchObject({ total: 1, items: [{ id: nora.id }] });
    expect((await admin('GET', '/api/Admin/users?account=SERV-1')).json()).toMatchObject({ total: 1, items: [{ id: 'idp-olga' }] });
    expect((await admin('GET', '/api/Admin/users?source=local')).json().items.map((user: { id: string }) => user.id)).toEqual([nora.id]);
    const paged = (await admin('GET', '/api/Admin/users?pageSize=1&page=2')).json();
    expect(paged.items).toEqual([all.items[1]]);

    const picked = (await as(testUsers.publisher, 'GET', '/api/Admin/directory/users?q=example.com&limit=20')).json();
    expect(picked.items).toEqual(expect.arrayContaining([{ id: nora.id, name: 'Nora Local', email: 'nora@example.com', account: 'CUST-7' }]));

    expect(await auditOf('account', nora.id)).toEqual([
      { action: 'create', actor: testUsers.admin.email, before: null, after: { email: 'nora@example.com', name: 'Nora Local', roles: ['customer'], account: 'CUST-7', disabled: false } },
    ]);
  });

  it('changes roles and resets the password of a local user, audited without the password', async () => {
    const nora = (await admin('GET', '/api/Admin/users?q=nora')).json().items[0];
    const changed = await admin('PATCH', `/api/Admin/users/${nora.id}`, { roles: ['customer', 'partner'], account: 'SERV-1', password: 'a brand new long password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ roles: ['customer', 'partner'], account: { id: 'SERV-1' } });
    expect(await signInStatus('nora@example.com', 'nora has a long password')).toBe(401);
    expect(await signInStatus('nora@example.com', 'a brand new long password')).toBe(303);
    const entries = await auditOf('account', nora.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'role', 'password']);
    expect(entries[1]).toMatchObject({ before: { roles: ['customer'], account: 'CUST-7' }, after: { roles: ['customer', 'partner'], account: 'SERV-1' } });
    expect(entries[2]).toEqual({ action: 'password', actor: testUsers.admin.email, before: null, after: { email: 'nora@example.com' } });
    expect(JSON.stringify(entries)).not.toMatch(/brand new|scrypt/);
  });

  it('disables a local user: no sign-in, their token refused at once; enabled again, both work', async () => {
    const nora = (await admin('GET', '/api/Admin/users?q=nora')).json().items[0];
    const token = await signedInToken('nora@example.com', 'a brand new long password');
    expect((await meWith(token)).statusCode).toBe(200);

    const disabled = await admin('PATCH', `/api/Admin/users/${nora.id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect(await signInStatus('nora@example.com', 'a brand new long password')).toBe(401);
    const refused = await meWith(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'accountDisabled' });

    expect((await admin('PATCH', `/api/Admin/users/${nora.id}`, { disabled: false })).json()).toMatchObject({ disabled: false });
    expect((await meWith(token)).statusCode).toBe(200);
    expect(await signInStatus('nora@example.com', 'a brand new long password')).toBe(303);
    expect((await auditOf('account', nora.id)).map((entry) => entry.action)).toEqual(['create', 'role', 'password', 'disable', 'enable']);
  });

  it('disables a user of the identity provider and a demo account: their requests and sign-ins are refused', async () => {
    const olga = { sub: 'idp-olga', email: 'olga@partner.example', name: 'Olga Provider', roles: ['partner' as const], account: 'SERV-1' };
    expect((await admin('PATCH', '/api/Admin/users/idp-olga', { disabled: true })).json()).toMatchObject({ source: 'provider', disabled: true });
    expect((await as(olga, 'GET', '/api/Me')).json()).toMatchObject({ error: 'accountDisabled' });
    expect((await as(olga, 'GET', '/api/Favorites')).statusCode).toBe(401);
    // What the identity provider decides is changed there.
    const roles = await admin('PATCH', '/api/Admin/users/idp-olga', { roles: ['admin'] });
    expect(roles.statusCode).toBe(400);
    expect(roles.json().details).toEqual([{ path: 'body.roles', message: 'is set by the identity provider' }]);
    expect((await admin('PATCH', '/api/Admin/users/idp-olga', { disabled: false })).statusCode).toBe(200);
    expect((await as(olga, 'GET', '/api/Me')).statusCode).toBe(200);

    // A demo account, seen once, then disabled: the embedded provider refuses its sign-in.
    expect(await signInStatus(testUsers.partner.email, demoPassword)).toBe(303);
    await as(testUsers.partner, 'GET', '/api/Me');
    expect((await admin('PATCH', `/api/Admin/users/${testUsers.partner.sub}`, { disabled: true })).statusCode).toBe(200);
    expect(await signInStatus(testUsers.partner.email, demoPassword)).toBe(401);
    expect((await admin('PATCH', `/api/Admin/users/${testUsers.partner.sub}`, { disabled: false })).statusCode).toBe(200);
    expect(await signInStatus(testUsers.partner.email, demoPassword)).toBe(303);
    expect((await auditOf('account', 'idp-olga')).map((entry) => entry.action)).toEqual(['disable', 'enable']);
  });

  it('refuses bad users with 400, a taken e-mail with 409, an unknown user with 404, and an admin locking themselves out with 409', async () => {
    const good = { email: 'pat@example.com', name: 'Pat', roles: ['employee'], account: null, password: 'a long enough password' };
    const bad = [
      { ...good, email: 'not an address' },
      { ...good, name: '' },
      { ...good, name: 'x'.repeat(201) },
      { ...good, roles: [] },
      { ...good, roles: ['root'] },
      { ...good, password: 'short' },
      { ...good, account: 'NO-SUCH-ACCOUNT' },
      { ...good, account: 'bad id!' },
      { email: 'pat@example.com', name: 'Pat', roles: ['employee'] },
    ];
    for (const payload of bad) expect((await admin('POST', '/api/Admin/users', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    // Taken by a local account (any case) or by a user seen through the identity provider.
    expect((await admin('POST', '/api/Admin/users', { ...good, email: 'NORA@example.com' })).statusCode).toBe(409);
    expect((await admin('POST', '/api/Admin/users', { ...good, email: 'olga@partner.example' })).statusCode).toBe(409);
    expect((await admin('POST', '/api/Admin/users', good)).statusCode).toBe(201);
    expect((await admin('POST', '/api/Admin/users', good)).statusCode).toBe(409);

    const pat = (await admin('GET', '/api/Admin/users?q=pat@')).json().items[0];
    expect((await admin('PATCH', `/api/Admin/users/${pat.id}`, {})).statusCode).toBe(400);
    expect((await admin('PATCH', `/api/Admin/users/${pat.id}`, { disabled: 'yes' })).statusCode).toBe(400);
    expect((await admin('PATCH', `/api/Admin/users/${pat.id}`, { password: 'short' })).statusCode).toBe(400);
    expect((await admin('PATCH', `/api/Admin/users/${pat.id}`, { account: 'NO-SUCH-ACCOUNT' })).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/Admin/users/no-such-user', { disabled: true })).statusCode).toBe(404);
    expect((await admin('GET', '/api/Admin/users?page=200&pageSize=100')).statusCode).toBe(400);
    expect((await admin('GET', `/api/Admin/users?q=${'x'.repeat(101)}`)).statusCode).toBe(400);

    await admin('GET', '/api/Me');
    expect((await admin('PATCH', `/api/Admin/users/${testUsers.admin.sub}`, { disabled: true })).statusCode).toBe(409);
    expect((await admin('PATCH', `/api/Admin/users/${testUsers.admin.sub}`, { roles: ['employee'] })).statusCode).toBe(409);
    expect((await admin('GET', '/api/Me')).statusCode).toBe(200);
    expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });
  });

  it('names the accounts users bring in their tokens, so pickers offer them', async () => {
    await as({ sub: 'idp-new', email: 'new@newco.example', name: 'New Co User', roles: ['customer'], account: 'NEWCO-9' }, 'GET', '/api/Me');
    expect((await admin('GET', '/api/Admin/accounts?q=newco')).json()).toMatchObject({ total: 1, items: [{ id: 'NEWCO-9', name: 'NEWCO-9', kind: 'customer' }] });
  });
});
