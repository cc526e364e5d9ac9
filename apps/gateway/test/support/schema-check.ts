import type { OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';

type Schema = SchemaObject | ReferenceObject;

/**
 * Where a JSON value departs from an OpenAPI schema of the document, one line each (`data[0].name is not
 * documented`): keys missing or not documented, wrong types, values outside an enum. Follows $ref into
 * components.schemas; an object schema without properties accepts any object (a free-form answer).
 */
export function schemaProblems(
  document: OpenAPIObject,
  schema: Schema,
  value: unknown,
  at = 'answer',
): string[] {
  if ('$ref' in schema) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    return target
      ? schemaProblems(document, target, value, at)
      : [`${at}: ${schema.$ref} is not in the document`];
  }
  if (value === null) return schema.nullable ? [] : [`${at} is null, documented as not nullable`];
  if (schema.oneOf)
    return schema.oneOf.some((option) => schemaProblems(document, option, value, at).length === 0)
      ? []
      : [`${at} matches none of its documented forms: ${JSON.stringify(value)}`];
  if (schema.enum && !schema.enum.includes(value))
    return [`${at} is ${JSON.stringify(value)}, documented as one of ${JSON.stringify(schema.enum)}`];
  switch (schema.type) {
    case 'object':
      return objectProblems(document, schema, value, at);
    case 'array':
      if (!Array.isArray(value)) return [`${at} is not an array`];
      return value.flatMap((item, index) =>
        schema.items ? schemaProblems(document, schema.items, item, `${at}[${index}]`) : [],
      );
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at} is not an integer`];
    case 'number':
    case 'string':
    case 'boolean':
      return typeof value === schema.type ? [] : [`${at} is not a ${schema.type}`];
    default:
      return [`${at}: its schema names no type`];
  }
}

function objectProblems(document: OpenAPIObject, schema: SchemaObject, value: unknown, at: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at} is not an object`];
  const properties = schema.properties;
  if (!properties) return [];
  const record = value as Record<string, unknown>;
  return [
    ...(schema.required ?? [])
      .filter((key) => !(key in record))
      .map((key) => `${at}.${key} is documented as required and missing`),
    ...Object.entries(record).flatMap(([key, item]) => {
      const property = properties[key];
      if (property) return schemaProblems(document, property, item, `${at}.${key}`);
      // An object documented as open (the PBX's documents cut its fields short) may carry more.
      return schema.additionalProperties === true ? [] : [`${at}.${key} is not documented`];
    }),
  ];
}
