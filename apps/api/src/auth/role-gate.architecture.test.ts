import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleRolesOf } from './admin-role.hook.ts';

/* One authorization style (docs/architecture.md, "Authorization"): console role gates come from the hook. */

const modulesDir = join(import.meta.dirname, '..', 'modules');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** Module files that still gate a console route themselves, each with the reason the hook is not enough. */
const ownGates = new Map([
  // /api/Admin/users/… is a publishing-role prefix for the hook; personal data stays with admin alone.
  ['privacy/privacy.routes.ts', 'admin only'],
  // A staff-only route outside /api/Admin, which the hook does not cover.
  ['documents/document.routes.ts', 'outside /api/Admin'],
]);

describe('console role gates', () => {
  it('no module file calls the old role helper for a route the hook already gates', () => {
    const callers = sourceFiles(modulesDir)
      .filter((file) => /auth\/require-role\.ts/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(modulesDir, file).split('\\').join('/'));
    expect(callers.filter((file) => !ownGates.has(file))).toEqual([]);
  });

  it('gives every /api/Admin path a role gate and none to other paths', () => {
    expect(consoleRolesOf('/api/Admin')).toBeDefined();
    expect(consoleRolesOf('/api/Admin/statistics')).toEqual(['publisher', 'admin']);
    expect(consoleRolesOf('/api/Admin/outbox/:id')).toEqual(['admin']);
    expect(consoleRolesOf('/api/Administration')).toBeUndefined();
    expect(consoleRolesOf('/api/Content/search')).toBeUndefined();
  });
});
