import fc from 'fast-check';
import { z } from 'zod';
import { hostileValue } from './hostile-values.ts';

/*
 * fast-check values from a route's zod schema (through z.toJSONSchema): mostly values the schema
 * accepts, so requests get past validation into the handlers, with a hostile value swapped in at
 * any depth and unknown keys added, so that validation itself is attacked too.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Real values (ids, references) by property name: a request naming an existing row reaches deeper code. */
export type KnownValues = Record<string, readonly string[]>;

export interface SchemaArbitraryOptions {
  known: KnownValues;
  /** Relative weight of a hostile value against a schema-shaped one at every node. */
  hostileWeight?: number;
}

/** The JSON Schema of a zod schema as the route receives it, or null when zod cannot express it. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
  } catch {
    return null;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(2200, 0)) }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot invert: fall back to plain strings.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  const edges = fc.constantFrom(min, max);
  const inside = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof(edges, inside);
}

function build(schema: JsonSchema, root: JsonSchema, options: SchemaArbitraryOptions, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const hostile = options.hostileWeight ?? 1;
  const shaped = shapedArbitrary(schema, root, options, name, depth);
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: hostile, arbitrary: hostileValue });
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace(/^#\/\$defs\//, '');
  return (name && root.$defs?.[name]) || {};
}

function shapedArbitrary(schema: JsonSchema, root: JsonSchema, options: SchemaArbitraryOptions, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.$ref) return build(resolveRef(schema, root), root, options, name, depth + 1);
  const known = name ? options.known[name] : undefined;
  const withKnown = <T>(arbitrary: fc.Arbitrary<T>) => (known && known.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary }) : arbitrary);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => shapedArbitrary(alternative, root, options, name, depth + 1)));
  if (schema.allOf?.[0]) return shapedArbitrary(schema.allOf[0], root, options, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return withKnown(stringArbitrary(schema));
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const item = schema.items ? build(schema.items, root, options, name, depth + 1) : hostileValue;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object':
      return objectArbitrary(schema, root, options, depth);
    default:
      return withKnown(fc.oneof(fc.string({ maxLength: 20 }), hostileValue));
  }
}

function objectArbitrary(schema: JsonSchema, root: JsonSchema, options: SchemaArbitraryOptions, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = build(property, root, options, key, depth + 1);
  const required = (schema.required ?? []).filter((key) => key in model);
  const record = fc.record(model, { requiredKeys: required });
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), hostileValue, { maxKeys: 2 });
  return fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: fc.tuple(record, extra).map(([values, more]) => ({ ...more, ...values })) });
}

/** Values for a route part (querystring, params, body) described by `schema`; hostile values only when it has none. */
export function schemaArbitrary(schema: unknown, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  if (!json) return hostileValue;
  return build(json, json, options, undefined, 0);
}
