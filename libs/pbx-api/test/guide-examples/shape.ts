/**
 * Compares an answer with the shape of the guide's example (README.md beside this file): every key of the
 * example present with the same JSON type, recursively, array elements against the union of the example's
 * elements; and values at `enums` paths within the listed ones. Messages name the path:
 * `data[0].agent_type: expected string, got number`, `data[].call_status: 7 not in [0,1,2,3,4,5]`.
 */
import { jsonType, type EnumValue } from './load.js';

/** The JSON shape of one or more example values. */
export interface Shape {
  /** JSON types seen (`number`, `string`, `boolean`, `array`, `object`, `null`). */
  types: ReadonlySet<string>;
  /** Keys of the object values, each with whether every object value had it. */
  fields: ReadonlyMap<string, { shape: Shape; inAll: boolean }>;
  /** Shape of the array values' elements; undefined when the example's arrays are all empty. */
  items: Shape | undefined;
  /** Elements the example's arrays held, all together. */
  elements: number;
}

/** The union shape of `values` (one example answer, or every element of an example array). */
export function shapeOf(values: readonly unknown[]): Shape {
  const objects = values.filter(isObject);
  const arrays = values.filter(Array.isArray);
  const keys = new Set(objects.flatMap((value) => Object.keys(value)));
  const fields = new Map<string, { shape: Shape; inAll: boolean }>();
  for (const key of keys) {
    const holders = objects.filter((value) => Object.hasOwn(value, key));
    fields.set(key, {
      shape: shapeOf(holders.map((value) => value[key])),
      inAll: holders.length === objects.length,
    });
  }
  const elements = arrays.flat();
  return {
    types: new Set(values.map(jsonType)),
    fields,
    items: elements.length > 0 ? shapeOf(elements) : undefined,
    elements: elements.length,
  };
}

/** Every way `answer` departs from `shape`, one message per path (see the file comment). */
export function shapeMismatches(answer: unknown, shape: Shape, path = ''): string[] {
  const type = jsonType(answer);
  if (!shape.types.has(type)) return [`${path || '(answer)'}: expected ${typesOf(shape)}, got ${type}`];
  const out: string[] = [];
  if (isObject(answer)) {
    for (const [key, field] of shape.fields) {
      const where = path ? `${path}.${key}` : key;
      if (!Object.hasOwn(answer, key)) {
        if (field.inAll) out.push(`${where}: missing (the example has ${typesOf(field.shape)})`);
        continue;
      }
      out.push(...shapeMismatches(answer[key], field.shape, where));
    }
  }
  if (Array.isArray(answer) && shape.items) {
    if (answer.length === 0) {
      out.push(
        `${path}: the example lists ${shape.elements} element(s), the answer none, so their shape cannot be compared`,
      );
    }
    answer.forEach((element, index) =>
      out.push(...shapeMismatches(element, shape.items as Shape, `${path}[${index}]`)),
    );
  }
  return out;
}

function typesOf(shape: Shape): string {
  return [...shape.types].join(' or ');
}

/** Values at `path` (`a.b`, `list[].field`), each with its concrete path (`list[2].field`). */
export function valuesAt(value: unknown, path: string): { path: string; value: unknown }[] {
  let current: { path: string; value: unknown }[] = [{ path: '', value }];
  for (const segment of path.split('.')) {
    const key = segment.replace(/(\[\])+$/, '');
    const expansions = (segment.length - key.length) / 2;
    current = current.flatMap((entry) =>
      isObject(entry.value) && Object.hasOwn(entry.value, key)
        ? [{ path: entry.path ? `${entry.path}.${key}` : key, value: entry.value[key] }]
        : [],
    );
    for (let i = 0; i < expansions; i++) {
      current = current.flatMap((entry) =>
        Array.isArray(entry.value)
          ? entry.value.map((element: unknown, index) => ({
              path: `${entry.path}[${index}]`,
              value: element,
            }))
          : [],
      );
    }
  }
  return current;
}

/**
 * Values of `answer` at each `enums` path that are not among the listed ones. A path with values in the
 * example but none in the answer is reported too: the listed values could not be checked.
 */
export function enumViolations(
  answer: unknown,
  enums: Readonly<Record<string, readonly EnumValue[]>>,
  example?: unknown,
): string[] {
  const out: string[] = [];
  for (const [path, allowed] of Object.entries(enums)) {
    const found = valuesAt(answer, path);
    if (found.length === 0) {
      if (example !== undefined && valuesAt(example, path).length > 0) {
        out.push(`${path}: the answer has no value here to check against ${list(allowed)}`);
      }
      continue;
    }
    const bad = new Map<string, string[]>();
    for (const { path: concrete, value } of found) {
      if (allowed.some((entry) => entry === value)) continue;
      const key = JSON.stringify(value) ?? 'undefined';
      bad.set(key, [...(bad.get(key) ?? []), concrete]);
    }
    for (const [value, where] of bad) {
      const more = where.length > 1 ? ` (at ${where.length} places, first ${where[0]})` : ` (at ${where[0]})`;
      out.push(`${path}: ${value} not in ${list(allowed)}${more}`);
    }
  }
  return out;
}

function list(values: readonly EnumValue[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(',')}]`;
}

/**
 * The same message for many elements (`data[0].x`, `data[1].x`...) once, with the count: a 120-agent list
 * with one wrong field is one line.
 */
export function collapseElements(messages: readonly string[]): string[] {
  const groups = new Map<string, { first: string; count: number }>();
  for (const message of messages) {
    const key = message.replace(/\[\d+\]/g, '[]');
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { first: message, count: 1 });
  }
  return [...groups.values()].map(({ first, count }) =>
    count > 1 ? `${first} (and ${count - 1} more like it)` : first,
  );
}

/**
 * Where `actual` differs from `expected`, path by path (`data[0].record_id: expected "7", got nothing`). A key
 * whose value is undefined counts as absent, as in `toEqual`.
 */
export function valueDifferences(actual: unknown, expected: unknown, path = ''): string[] {
  const where = path || '(value)';
  if (isObject(actual) && isObject(expected)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => {
      const next = path ? `${path}.${key}` : key;
      const [a, e] = [actual[key], expected[key]];
      if (a === undefined && e === undefined) return [];
      if (a === undefined) return [`${next}: expected ${show(e)}, got nothing`];
      if (e === undefined) return [`${next}: not in the example, got ${show(a)}`];
      return valueDifferences(a, e, next);
    });
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    const out =
      actual.length === expected.length
        ? []
        : [`${where}: expected ${expected.length} element(s), got ${actual.length}`];
    for (let i = 0; i < Math.min(actual.length, expected.length); i++) {
      out.push(...valueDifferences(actual[i], expected[i], `${path}[${i}]`));
    }
    return out;
  }
  return Object.is(actual, expected) ? [] : [`${where}: expected ${show(expected)}, got ${show(actual)}`];
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
