import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface BalancedRequest {
  /** The API port nginx passed the request to last (after skipping a dead one). */
  upstreamPort: number;
  method: string;
  path: string;
  status: number;
}

export interface RunningBalancer {
  url: string;
  /** Every request nginx answered so far, in order. */
  requests(): Promise<BalancedRequest[]>;
  stop(): Promise<void>;
}

/** nginx writes the upstream, method, path (no query: codes and tokens travel there) and status of each request. */
const logFormat = `log_format upstreams '$status|$request_method|$upstream_addr|$uri';`;

/**
 * Debian's nginx as an unprivileged load balancer in front of API processes on 127.0.0.1: its own
 * configuration, pid, logs and temp files in `workDir`, round robin, and a process that refuses
 * connections skipped for the next one (`proxy_next_upstream`), as a SIGKILLed API process does.
 * The sign-in provider (/oidc) has a round robin of its own, so its steps alternate between the processes.
 */
export async function startBalancer(workDir: string, port: number, upstreamPorts: number[]): Promise<RunningBalancer> {
  await mkdir(join(workDir, 'temp'), { recursive: true });
  const temp = (kind: string) => `${kind}_temp_path ${join(workDir, 'temp', kind)};`;
  const upstream = (name: string) => `
  upstream ${name} {
    ${upstreamPorts.map((upstreamPort) => `server 127.0.0.1:${upstreamPort} max_fails=1 fail_timeout=30s;`).join('\n    ')}
  }`;
  const proxy = (name: string) => `
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      client_max_body_size 100m;`;
  const accessLog = join(workDir, 'access.log');
  const config = `
daemon off;
worker_processes 1;
error_log ${join(workDir, 'error.log')} warn;
pid ${join(workDir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  ${logFormat}
  access_log ${accessLog} upstreams;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${upstream('portal_api')}
  ${upstream('portal_sign_in')}
  server {
    listen 127.0.0.1:${port};
    location / {${proxy('portal_api')}
    }
    location /oidc/ {${proxy('portal_sign_in')}
    }
  }
}
`;
  const configFile = join(workDir, 'nginx.conf');
  await writeFile(configFile, config);
  const child = spawn('/usr/sbin/nginx', ['-p', workDir, '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${await readFile(join(workDir, 'error.log'), 'utf8').catch(() => '')}`);
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('nginx did not start within 10 s');
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url,
    async requests() {
      const lines = (await readFile(accessLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);
      return lines.map((line) => {
        const [status = '0', method = '', upstreams = '', ...path] = line.split('|');
        // "127.0.0.1:1, 127.0.0.1:2" when the first was skipped: the last one answered.
        const last = upstreams.split(',').at(-1)?.trim() ?? '';
        return { upstreamPort: Number(last.split(':').at(-1)), method, path: path.join('|'), status: Number(status) };
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
