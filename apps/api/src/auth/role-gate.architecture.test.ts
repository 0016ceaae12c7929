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

describe('console role gates', () => {
  it('no module file checks roles itself: routes declare them (config.roles) or take them from the console path', () => {
    const callers = sourceFiles(modulesDir)
      .filter((file) => /auth\/require-role\.ts/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(modulesDir, file).split('\\').join('/'));
    expect(callers).toEqual([]);
  });

  it('gives every /api/Admin path a role gate and none to other paths', () => {
    expect(consoleRolesOf('/api/Admin')).toBeDefined();
    expect(consoleRolesOf('/api/Admin/statistics')).toEqual(['publisher', 'admin']);
    expect(consoleRolesOf('/api/Admin/outbox/:id')).toEqual(['admin']);
    expect(consoleRolesOf('/api/Admin/users/:user/personal-data')).toEqual(['admin']);
    expect(consoleRolesOf('/api/Administration')).toBeUndefined();
    expect(consoleRolesOf('/api/Content/search')).toBeUndefined();
  });
});
