import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

const marker = (index: number) => `\u0000prepared-parameter-${index}\u0000`;

type Slot = { parameter: number } | { constant: unknown };

/**
 * A query of fixed shape whose SQL is built and compiled once per database instance, then run
 * with new parameter values: for the small lookups of a hot call, Kysely's builder and compiler
 * cost more than SQLite's run of the query. `build` must use each parameter as one plain value
 * (no IN lists, no branches on the values); values written in the query itself stay as they are.
 */
export function preparedQuery<Db, P extends unknown[], R>(
  build: (db: Kysely<Db>, ...params: P) => Compilable<R>,
): (db: Kysely<Db>, ...params: P) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<Db>, { sql: string; slots: Slot[] }>();
  return async (db, ...params) => {
    let shape = compiled.get(db);
    if (!shape) {
      const markers = params.map((_, index) => marker(index));
      const query = build(db, ...(markers as P)).compile();
      const slots = query.parameters.map((value): Slot => {
        const parameter = typeof value === 'string' ? markers.indexOf(value) : -1;
        return parameter >= 0 ? { parameter } : { constant: value };
      });
      const used = new Set(slots.flatMap((slot) => ('parameter' in slot ? [slot.parameter] : [])));
      if (used.size !== params.length) throw new Error(`preparedQuery: every parameter must appear in the query as one value (${query.sql})`);
      shape = { sql: query.sql, slots };
      compiled.set(db, shape);
    }
    const values = shape.slots.map((slot) => ('parameter' in slot ? params[slot.parameter] : slot.constant));
    const result = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, values));
    return result.rows;
  };
}
