import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends one request with the target exactly as given (absolute form, odd escapes), which
 * app.inject would normalise first. The app must be listening on 127.0.0.1.
 */
export async function rawRequest(app: FastifyInstance, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { port } = app.server.address() as { port: number };
  const lines = [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  return { status: Number(head.split(' ')[1]), head, body: text.slice(split + 4) };
}
