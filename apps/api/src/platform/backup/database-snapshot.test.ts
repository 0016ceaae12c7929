import { describe, expect, it } from 'vitest';
import { libpqEnvironment } from './database-snapshot.ts';

describe('libpqEnvironment', () => {
  it('hands pg_dump and pg_restore the connection through variables, the password never on the command line', () => {
    expect(libpqEnvironment('postgres://portal:p%40ss%3Aword@db.example.com:5433/portal_live?sslmode=require&application_name=x')).toEqual({
      PGHOST: 'db.example.com', PGPORT: '5433', PGUSER: 'portal', PGPASSWORD: 'p@ss:word', PGDATABASE: 'portal_live', PGSSLMODE: 'require',
    });
  });

  it('takes an IPv6 host without its brackets and leaves out what the URL does not say', () => {
    expect(libpqEnvironment('postgresql://[::1]/test')).toEqual({ PGHOST: '::1', PGDATABASE: 'test' });
  });
});
