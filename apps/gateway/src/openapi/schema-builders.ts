import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

// The one way the gateway writes a JSON Schema for its OpenAPI document: objectOf<T> holds an object schema's
// properties to exactly the keys of the live-protocol type it describes, so a field added to or renamed in a
// type fails to compile until its schema follows.

export type Schema = SchemaObject | ReferenceObject;

/** The keys of T that may be absent. */
export type OptionalKeys<T> = {
  [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never;
}[keyof T];

/** The object schema of T: one property per key of T, required unless listed in `optional`. */
export function objectOf<T>(
  properties: { [K in keyof Required<T>]: Schema },
  optional: readonly OptionalKeys<T>[] = [],
): SchemaObject {
  const required = Object.keys(properties).filter((key) => !(optional as readonly string[]).includes(key));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

export const text = (description?: string): SchemaObject => ({
  type: 'string',
  ...(description ? { description } : {}),
});
export const oneOf = (...values: string[]): SchemaObject => ({ type: 'string', enum: values });
export const integer = (description?: string): SchemaObject => ({
  type: 'integer',
  ...(description ? { description } : {}),
});
export const epochMs = integer('epoch ms');
export const orNull = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
export const listOf = (items: Schema): SchemaObject => ({ type: 'array', items });
