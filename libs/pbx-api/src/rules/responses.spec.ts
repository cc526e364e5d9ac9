import { describe, expect, it } from 'vitest';
import { PBX_OPERATIONS } from './operations.js';
import type { ResponseShape } from './response-shapes.js';
import { PBX_RESPONSES } from './responses.js';

/** Every object shape of a response, with where it is. */
function objects(shape: ResponseShape, at: string): { at: string; fields: string[] }[] {
  if (shape.type === 'array') return objects(shape.items, `${at}[]`);
  if (shape.type !== 'object') return [];
  return [
    { at, fields: Object.keys(shape.fields) },
    ...Object.entries(shape.fields).flatMap(([key, field]) => objects(field, `${at}.${key}`)),
  ];
}

describe('response shapes', () => {
  it('describe the answer of every operation', () => {
    const missing = Object.keys(PBX_OPERATIONS).filter((name) => !Object.hasOwn(PBX_RESPONSES, name));
    expect(missing, 'operations without a response shape in rules/responses.ts').toEqual([]);
    expect(Object.keys(PBX_RESPONSES).filter((name) => !Object.hasOwn(PBX_OPERATIONS, name))).toEqual([]);
  });

  it('carry the envelope on every object answer, and the arrays the client checks', () => {
    for (const [name, shape] of Object.entries(PBX_RESPONSES)) {
      if (shape.type !== 'object') continue;
      expect(Object.keys(shape.fields).slice(0, 2), name).toEqual(['errcode', 'errmsg']);
      const spec = PBX_OPERATIONS[name as keyof typeof PBX_OPERATIONS];
      for (const key of spec.responseArrays ?? [])
        expect(shape.fields[key]?.type, `${name} ${key}`).toBe('array');
    }
  });

  it('name at least one field in every object', () => {
    const empty = Object.entries(PBX_RESPONSES).flatMap(([name, shape]) =>
      objects(shape, name).filter((o) => o.fields.length === 0),
    );
    expect(empty).toEqual([]);
  });
});
