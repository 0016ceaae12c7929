import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, type AuditAction } from '@portal/contracts/audit';
import { usersUsage } from '../../auth/accounts/users-command.ts';
import { appRoutes, mutatingMethods } from '../../test/app-routes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * N1: every change through a route or a command writes an audit entry. Each mutating route of the app
 * (POST, PUT, PATCH, DELETE under /api, and the unsubscribe link) and each command must be listed here
 * with the actions it records, or as exempt with the reason: a route or command added without either
 * fails this test. The entries themselves are tested next to each writer (e.g. unit-audit.routes.test.ts,
 * users-command.test.ts, audit.routes.test.ts, admin-job, maintenance and document-grant tests).
 */

type Expectation = { audits: readonly AuditAction[] } | { exempt: string };

const ownSettings = "the user's own settings: no one else's data or access changes (kept in the user's data export)";

const mutatingRoutes: Record<string, Expectation> = {
  'POST /api/Content/download': { audits: ['download'] },
  'POST /api/Software/download': { audits: ['download'] },
  'POST /api/Cad/download': { audits: ['download'] },
  'POST /api/Content/UserDocumentAccess': { audits: ['grant'] },
  'POST /api/Units/labels.pdf': { exempt: 'renders labels of units the user may see; changes nothing' },
  'PUT /api/Me/preferences': { exempt: ownSettings },
  'PUT /api/Favorites/:itemKind/:itemId': { exempt: ownSettings },
  'DELETE /api/Favorites/:itemKind/:itemId': { exempt: ownSettings },
  'PUT /api/Follows/:kind/:itemId': { exempt: ownSettings },
  'DELETE /api/Follows/:kind/:itemId': { exempt: ownSettings },
  'PATCH /api/Follows/:kind/:itemId': { exempt: ownSettings },
  'POST /api/Feedback': { exempt: "a reader's own opinion of what they may see, kept in their data export; its triage is audited" },
  'POST /api/Admin/feedback/:id/status': { audits: ['edit'] },
  'POST /api/Admin/documents/publish': { audits: ['publish'] },
  'PUT /api/Admin/units/notices/:id/translations/:language': { audits: ['edit'] },
  'POST /api/Notifications/read': { exempt: ownSettings },
  'POST /unsubscribe/:token': { exempt: ownSettings },
  'POST /api/Admin/documents': { audits: ['publish', 'version'] },
  'PATCH /api/Admin/documents/:id': { audits: ['edit', 'audience'] },
  'POST /api/Admin/documents/:id/versions': { audits: ['version'] },
  'POST /api/Admin/documents/:id/versions/:versionId/unpublish': { audits: ['unpublish'] },
  'DELETE /api/Admin/documents/:id/versions/:versionId': { audits: ['delete'] },
  'PATCH /api/Admin/products/:code': { audits: ['edit'] },
  'PUT /api/Admin/handover/classes/:typeCode': { audits: ['edit'] },
  'POST /api/Admin/handover-imports': { audits: ['import'] },
  'POST /api/Units/:serial/paper-requests': { audits: ['create'] },
  'POST /api/Admin/paper-requests/:id/status': { audits: ['edit'] },
  'POST /api/Admin/documents/:id/unpublish': { audits: ['unpublish'] },
  'POST /api/Admin/documents/:id/publish': { audits: ['publish'] },
  'DELETE /api/Admin/documents/:id/grants/:mail': { audits: ['revoke'] },
  'POST /api/Admin/software': { audits: ['publish'] },
  'PATCH /api/Admin/software/:itemId': { audits: ['edit', 'audience'] },
  'POST /api/Admin/software/:itemId/versions': { audits: ['version'] },
  'PATCH /api/Admin/software/:itemId/versions/:versionId': { audits: ['edit', 'audience', 'publish', 'unpublish'] },
  'POST /api/Admin/cad/libraries/:libraryId/versions': { audits: ['version'] },
  'POST /api/Admin/cad/catalogue': { audits: ['import'] },
  'PUT /api/Admin/maintenance': { audits: ['maintenance'] },
  'POST /api/Admin/jobs/retry-failed': { audits: ['retry'] },
  'POST /api/Admin/jobs/:id/retry': { audits: ['retry'] },
  'POST /api/Admin/search/reindex': { audits: ['maintenance'] },
  'POST /api/Admin/units/import': { audits: ['import'] },
  'PUT /api/Admin/units/applicability/:documentId': { audits: ['applicability'] },
  'POST /api/Admin/units/notices': { audits: ['publish'] },
  'POST /api/Admin/units/notices/:id/close': { audits: ['unpublish'] },
  'PATCH /api/Admin/units/:serial': { audits: ['edit'] },
  'POST /api/Admin/imports': { audits: ['import'] },
  'POST /api/Admin/users/:user/erase': { audits: ['erase'] },
  'POST /api/Admin/users': { audits: ['create'] },
  'PATCH /api/Admin/users/:user': { audits: ['edit', 'role', 'password', 'disable', 'enable'] },
  'POST /api/Admin/accounts': { audits: ['create'] },
  'PATCH /api/Admin/accounts/:id': { audits: ['edit'] },
};

/** The commands (apps/api/src/cli) and their subcommands, likewise. */
const commands: Record<string, Expectation> = {
  'audit prune': { audits: ['prune'] },
  'audit verify': { exempt: 'reads the chain; changes nothing' },
  backup: { exempt: 'reads the database and the stored files into an archive; changes nothing' },
  restore: { exempt: 'fills an empty database from a backup: the restored chain is verified against itself and the signed checkpoints' },
  'audit checkpoint': { exempt: 'signs the chain head into a checkpoint outside the database; adds no entry (that would move the head it signs)' },
  import: { audits: ['import'] },
  'keys rotate': { exempt: 'adds a signing key of the sign-in provider: no portal data or access changes; the command prints the new key id' },
  'seed-demo': { audits: ['import', 'publish', 'version', 'applicability'] },
  'users add': { audits: ['create'] },
  'users set-role': { audits: ['role'] },
  'users disable': { audits: ['disable'] },
  'users enable': { audits: ['enable'] },
  'users reset-password': { audits: ['password'] },
  'users erase': { audits: ['erase'] },
};

/** Helpers of the commands, not commands. */
const commandHelpers = new Set(['command-database', 'run-cli']);

describe('every change is audited or exempt with a reason', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('lists every mutating route of the app, with real actions or a reason', () => {
    const mutating = appRoutes(t.app)
      .filter((route) => mutatingMethods.has(route.method) && (route.url.startsWith('/api/') || route.url.startsWith('/unsubscribe/')))
      .map((route) => `${route.method} ${route.url}`);
    expect(mutating.length).toBeGreaterThan(20);
    expect(mutating.filter((route) => !(route in mutatingRoutes)), 'mutating routes missing from the audit table').toEqual([]);
    expect(Object.keys(mutatingRoutes).filter((route) => !mutating.includes(route)), 'listed routes that no longer exist').toEqual([]);
  });

  it('lists every command and subcommand', async () => {
    const files = (await readdir(new URL('../../cli/', import.meta.url)))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => name.slice(0, -3))
      .filter((name) => !commandHelpers.has(name));
    const listed = new Set(Object.keys(commands).map((command) => command.split(' ')[0]));
    expect(files.filter((file) => !listed.has(file)), 'commands missing from the audit table').toEqual([]);
    const userCommands = [...usersUsage.matchAll(/^ {2}([a-z-]+) <e-mail>/gm)].map((match) => `users ${match[1]}`);
    expect(userCommands.length).toBeGreaterThan(3);
    expect(userCommands.filter((command) => !(command in commands))).toEqual([]);
  });

  it('names only real actions and gives every exemption a reason', () => {
    for (const [name, expectation] of Object.entries({ ...mutatingRoutes, ...commands })) {
      if ('exempt' in expectation) expect(expectation.exempt.length, name).toBeGreaterThan(20);
      else for (const action of expectation.audits) expect(auditActions, name).toContain(action);
    }
  });
});
