import { createServer } from 'node:net';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A browser stand-in: keeps cookies, never follows redirects by itself. */
export function browser(base: string) {
  const cookies = new Map<string, string>();
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
}
