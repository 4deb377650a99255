import type { FastifyTypeProvider } from 'fastify';

// Route schemas are plain JSON Schema (validated by Fastify's Ajv, published by @fastify/swagger),
// built with these helpers so each one carries the TypeScript type it describes. `object<T>()`
// demands a schema for every property of a wire type from @loop/core, and the type provider below
// types request bodies and replies from the schemas: a schema that drifts from the contract does
// not compile.

declare const described: unique symbol;

/** A JSON Schema describing values of type `T` (the type exists only at compile time). */
export type Schema<T> = { readonly [described]?: T } & Readonly<Record<string, unknown>>;

/** Lets Fastify infer `request.body`, `request.query` and the reply type from these schemas. */
export interface SchemaTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends Schema<infer T> ? T : unknown;
  readonly serializer: this['schema'] extends Schema<infer T> ? T : unknown;
}

interface Annotations {
  readonly description?: string;
  readonly examples?: readonly unknown[];
}

interface StringOptions extends Annotations {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
}

const schema = <T>(json: Record<string, unknown>): Schema<T> => json as Schema<T>;

export const string = (options: StringOptions = {}): Schema<string> => schema({ type: 'string', ...options });

export const integer = (options: Annotations & { minimum?: number; maximum?: number } = {}): Schema<number> =>
  schema({ type: 'integer', ...options });

export const number = (
  options: Annotations & { minimum?: number; maximum?: number; multipleOf?: number } = {},
): Schema<number> => schema({ type: 'number', ...options });

export const boolean = (options: Annotations = {}): Schema<boolean> =>
  schema({ type: 'boolean', ...options });

export const literal = <const V extends string>(value: V, options: Annotations = {}): Schema<V> =>
  schema({ type: 'string', enum: [value], ...options });

export const oneOf = <const V extends readonly string[]>(
  values: V,
  options: Annotations = {},
): Schema<V[number]> => schema({ type: 'string', enum: [...values], ...options });

/** The same schema, also accepting `null` (JSON Schema 2020-12 / OpenAPI 3.1 type arrays). */
export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  const json = inner as Record<string, unknown>;
  const type = json.type;
  return schema({
    ...json,
    type: Array.isArray(type) ? [...type, 'null'] : [type, 'null'],
    ...(Array.isArray(json.enum) ? { enum: [...json.enum, null] } : {}),
  });
}

export const array = <T>(items: Schema<T>, options: Annotations & { maxItems?: number } = {}): Schema<T[]> =>
  schema({ type: 'array', items, ...options });

export const record = <T>(values: Schema<T>, options: Annotations = {}): Schema<Record<string, T>> =>
  schema({ type: 'object', additionalProperties: values, ...options });

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

interface ObjectOptions<T> extends Annotations {
  readonly optional?: readonly OptionalKeys<T>[];
  /**
   * Closed objects (the default) lose unknown properties in validation (Ajv `removeAdditional`).
   * Header schemas must stay open, or every other header would be stripped from the request.
   */
  readonly closed?: boolean;
}

/**
 * An object schema for the wire type `T`: one schema per property, all required except the listed
 * optional ones.
 */
export function object<T>(
  properties: { readonly [K in keyof T]-?: Schema<T[K]> },
  options: ObjectOptions<T> = {},
): Schema<T> {
  const { optional = [], closed = true, ...annotations } = options;
  const skipped = new Set<PropertyKey>(optional);
  return schema({
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !skipped.has(key)),
    ...(closed ? { additionalProperties: false } : {}),
    ...annotations,
  });
}

/** An empty reply (204). */
export const noContent: Schema<undefined> = schema({ type: 'null', description: 'Geen inhoud.' });
