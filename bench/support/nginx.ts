import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './api-server.ts';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Debian's nginx serving one file at `/<name>` on a free port (one worker, sendfile on, no access log). */
export async function serveFileWithNginx(workDir: string, filePath: string, name: string): Promise<RunningNginx> {
  const port = await freePort();
  await mkdir(join(workDir, 'temp'), { recursive: true });
  const temp = (kind: string) => `${kind}_temp_path ${join(workDir, 'temp', kind)};`;
  const config = `
daemon off;
worker_processes 1;
error_log ${join(workDir, 'error.log')} warn;
pid ${join(workDir, 'nginx.pid')};
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  server {
    listen 127.0.0.1:${port};
    location = /${name} { alias ${filePath}; default_type application/octet-stream; }
  }
}
`;
  const configFile = join(workDir, 'nginx.conf');
  await writeFile(configFile, config);
  const child = spawn('nginx', ['-p', workDir, '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}/${name}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} (see ${join(workDir, 'error.log')})`);
    const up = await fetch(url, { method: 'HEAD' }).then((response) => response.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not start within 10 s');
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
