import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Sends each of `crowd` (GET targets) on a connection of its own, then `last` on one more, all of
 * them before the listening `server` reads any, as a crowd of clients would; resolves with the
 * targets in the order their answers came back.
 */
export async function answerOrder(server: Server, crowd: readonly string[], last: string): Promise<string[]> {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
  let accepted = 0;
  const countConnection = () => accepted++;
  server.on('connection', countConnection);
  const sockets: Socket[] = [];
  try {
    const targets = [...crowd, last];
    for (let i = 0; i < targets.length; i++) {
      const socket = connect(address.port, '127.0.0.1');
      sockets.push(socket);
      await new Promise((done, fail) => socket.once('connect', done).once('error', fail));
    }
    // The server accepts a connection per turn of its loop: every one must be in before the requests go.
    while (accepted < targets.length) await pause(5);
    const answered: string[] = [];
    sockets.forEach((socket, index) => socket.once('data', () => answered.push(targets[index])));
    sockets.forEach((socket, index) => socket.write(`GET ${targets[index]} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    const deadline = Date.now() + 10_000;
    while (answered.length < targets.length && Date.now() < deadline) await pause(10);
    return answered;
  } finally {
    server.off('connection', countConnection);
    for (const socket of sockets) socket.destroy();
  }
}
