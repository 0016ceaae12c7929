import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The shared PostgreSQL server of the tests; each cluster run gets a database of its own on it. */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  url: string;
  /** Runs one query on the database (the test reads rows the processes wrote). */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database (the processes migrate it themselves), dropped with everything in it afterwards. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `cluster_${randomUUID().replaceAll('-', '')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    url: url.href,
    query: async <Row extends object>(text: string, values?: unknown[]) => (await pool.query<Row>(text, values)).rows,
    async drop() {
      await pool.end();
      // WITH (FORCE): a killed process's connections may not have been closed by the server yet.
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
