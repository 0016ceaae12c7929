import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf } from './dialect.ts';

/** A case-insensitive LIKE pattern (compare with `lower(column)`, `escape '\'`) that finds `text` literally: a search for `50%` finds "50%". */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** Whether the column holds `text` anywhere, ignoring case (see containsPattern). */
export function containsText(column: unknown, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

/** E-mail addresses in the same order on both databases (PostgreSQL's default collation would order them by locale). */
export function emailOrder<DB>(db: Kysely<DB>): RawBuilder<string> {
  return dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? sql<string>`lower(email) collate "C"` : sql<string>`lower(email)`;
}
