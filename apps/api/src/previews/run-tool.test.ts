import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, ToolError } from './run-tool.ts';

describe('runTool', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports a time-out only once the programs it stopped have let go of their output', async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-run-tool-'));
    const late = join(dir, 'late');
    // A program in a session of its own (as the sandbox starts one) outlives the kill of the process group a moment.
    const started = Date.now();
    const error = await runTool('sh', ['-c', `setsid sh -c 'sleep 0.5; echo late > "${late}"' & sleep 30`], { timeoutMs: 200 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ timedOut: true });
    expect(existsSync(late)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a program that fails with how it ended', async () => {
    await expect(runTool('sh', ['-c', 'echo broken >&2; exit 3'], { timeoutMs: 5_000 })).rejects.toMatchObject({ message: 'sh failed (exit 3)', details: 'broken', timedOut: false });
  });
});
