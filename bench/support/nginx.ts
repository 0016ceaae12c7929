import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './api-server.ts';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx (`/usr/sbin/nginx`, see scripts/ensure-system-deps.mjs), unprivileged: one worker,
 * its configuration, logs, pid and temp files in `workDir`, listening on `port` with the `http` block
 * contents `httpBlock` makes from the `listen` directive. Answers once `probePath` does.
 */
async function startNginx(workDir: string, port: number, httpBlock: (listen: string) => string, probePath: string): Promise<RunningNginx> {
  await mkdir(join(workDir, 'temp'), { recursive: true });
  const temp = (kind: string) => `${kind}_temp_path ${join(workDir, 'temp', kind)};`;
  const config = `
daemon off;
worker_processes 1;
error_log ${join(workDir, 'error.log')} warn;
pid ${join(workDir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${httpBlock(`listen 127.0.0.1:${port};`)}
}
`;
  const configFile = join(workDir, 'nginx.conf');
  await writeFile(configFile, config);
  const child = spawn('/usr/sbin/nginx', ['-p', workDir, '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} (see ${join(workDir, 'error.log')})`);
    const up = await fetch(`${url}${probePath}`, { method: 'HEAD' }).then((response) => response.ok, () => false);
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

/** nginx serving one file at `/<name>` (sendfile on): the reference for the API's file downloads. */
export async function serveFileWithNginx(workDir: string, filePath: string, name: string): Promise<RunningNginx> {
  const server = (listen: string) => `
  sendfile on;
  tcp_nopush on;
  server {
    ${listen}
    location = /${name} { alias ${filePath}; default_type application/octet-stream; }
  }`;
  const nginx = await startNginx(workDir, await freePort(), server, `/${name}`);
  return { ...nginx, url: `${nginx.url}/${name}` };
}

/**
 * nginx on `port` as the load balancer in front of API processes on 127.0.0.1 (round robin,
 * keep-alive connections to the upstreams, as in docs/deployment.md's reference configuration).
 */
export async function balanceWithNginx(workDir: string, port: number, upstreamPorts: number[]): Promise<RunningNginx> {
  const server = (listen: string) => `
  upstream portal_api {
    ${upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    ')}
    keepalive 64;
  }
  server {
    ${listen}
    location / {
      proxy_pass http://portal_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`;
  return startNginx(workDir, port, server, '/healthz');
}
