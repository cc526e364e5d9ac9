import type { FieldViolation } from '../errors.js';
import { FORMATS } from './formats.js';
import type { ArrayRule, Condition, FieldRule, IntegerRule, ObjectRule, StringRule } from './schema.js';

/** How strictly to read the input. */
export interface ValidateOptions {
  /**
   * Accept integers written as decimal text, as they arrive in a query string.
   * The simulator sets it for GET requests; the client never does.
   */
  integersAsText?: boolean;
  /** Report fields the rule does not know (the client does; a lenient server need not). */
  rejectUnknown?: boolean;
}

const isPresent = (value: unknown): boolean => value !== undefined && value !== null;

/** A UTF-16 surrogate without its partner: no character at all, and not encodable in a URL or as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Limits that keep `validate` linear and stack-safe whatever it is given (a 10,000-deep array, a megabyte
 * of text): no rule nests this deep, no PBX parameter is this long, and a caller needs the first mistakes,
 * not all of them.
 */
export const VALIDATE_LIMITS = {
  /** Levels of rule nesting followed; deeper is reported, not descended. */
  maxDepth: 32,
  /** Characters of a string field. */
  maxStringLength: 65_536,
  /** Items of an array field; a longer array is one violation, its items are not checked one by one. */
  maxArrayItems: 10_000,
  /** Violations returned (the first ones, in field order). */
  maxViolations: 100,
} as const;

/**
 * A short, safe rendering of a value for a message. Never recursive and never calls the value's own
 * methods: `String([[[...]]])` recurses once per level, and `String({toString: 1})` throws.
 */
function describe(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value.slice(0, 41));
  else if (Array.isArray(value)) text = `an array of ${value.length} item(s)`;
  else if (value === null) text = 'null';
  else if (typeof value === 'object') text = 'an object';
  else if (typeof value === 'function') text = 'a function';
  else if (typeof value === 'symbol') text = 'a symbol';
  else text = String(value as number | boolean | bigint | undefined);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Checks `input` against `rule` and returns its violations (an empty array when valid): every one, up to
 * {@link VALIDATE_LIMITS}.maxViolations. Never throws, whatever `input` is; the caller decides whether to
 * raise a `PbxValidationError` or answer errcode 40002.
 */
export function validate(rule: ObjectRule, input: unknown, options: ValidateOptions = {}): FieldViolation[] {
  const out = new Violations();
  try {
    checkObject(rule, input, '', { options, out }, 0);
  } catch {
    // Only input that is not plain data gets here (a getter or a Proxy that throws): unreadable is invalid.
    out.push({ field: '(body)', rule: 'type', message: 'could not be read as plain data' });
  }
  return out.list;
}

/** One run of {@link validate}: how to read the input, and the violations found so far. */
interface Run {
  options: ValidateOptions;
  out: Violations;
}

/** Collects violations and says when enough were found to stop looking. */
class Violations {
  readonly list: FieldViolation[] = [];

  get full(): boolean {
    return this.list.length >= VALIDATE_LIMITS.maxViolations;
  }

  push(violation: FieldViolation): void {
    if (!this.full) this.list.push(violation);
  }
}

function checkValue(rule: FieldRule, value: unknown, path: string, run: Run, depth: number): void {
  const { options, out } = run;
  if (out.full) return;
  // Rules of the catalogue are a few levels deep; this only guards against a rule that refers to itself.
  if (depth >= VALIDATE_LIMITS.maxDepth) {
    out.push({
      field: path,
      rule: 'type',
      message: `is nested more than ${VALIDATE_LIMITS.maxDepth} levels deep`,
    });
    return;
  }
  switch (rule.type) {
    case 'string':
      return checkString(rule, value, path, out);
    case 'integer':
      return checkInteger(rule, value, path, options, out);
    case 'id':
      if (
        !(typeof value === 'string' && value.length > 0 && value.length <= 256) &&
        !Number.isInteger(value)
      ) {
        out.push({
          field: path,
          rule: 'type',
          message: `must be an ID (integer or text), got ${describe(value)}`,
        });
      } else if (typeof value === 'string' && LONE_SURROGATE.test(value)) {
        out.push({
          field: path,
          rule: 'format',
          message: 'must be valid text (it holds a lone UTF-16 surrogate)',
        });
      }
      return;
    case 'array':
      return checkArray(rule, value, path, run, depth + 1);
    case 'object':
      return checkObject(rule, value, path, run, depth + 1);
  }
}

function checkString(rule: StringRule, value: unknown, path: string, out: Violations): void {
  if (typeof value !== 'string') {
    out.push({ field: path, rule: 'type', message: `must be a string, got ${describe(value)}` });
    return;
  }
  if (value.length > VALIDATE_LIMITS.maxStringLength) {
    out.push({
      field: path,
      rule: 'range',
      message: `must be at most ${VALIDATE_LIMITS.maxStringLength} characters long, got ${value.length}`,
    });
    return;
  }
  if (rule.required && value.trim() === '') {
    out.push({ field: path, rule: 'required', message: 'must not be empty' });
    return;
  }
  if (LONE_SURROGATE.test(value)) {
    out.push({
      field: path,
      rule: 'format',
      message: 'must be valid text (it holds a lone UTF-16 surrogate)',
    });
    return;
  }
  if (rule.enum && !rule.enum.includes(value)) {
    out.push({
      field: path,
      rule: 'enum',
      message: `must be one of ${rule.enum.join(', ')}, got ${describe(value)}`,
    });
    return;
  }
  if (rule.format && value !== '' && !FORMATS[rule.format].test(value)) {
    out.push({
      field: path,
      rule: 'format',
      message: `${FORMATS[rule.format].message}, got ${describe(value)}`,
    });
  }
}

function toInteger(value: unknown, options: ValidateOptions): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (options.integersAsText && typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function checkInteger(
  rule: IntegerRule,
  value: unknown,
  path: string,
  options: ValidateOptions,
  out: Violations,
): void {
  if (rule.blankIsDefault && value === '') return;
  const n = toInteger(value, options);
  if (n === undefined) {
    out.push({ field: path, rule: 'type', message: `must be an integer, got ${describe(value)}` });
    return;
  }
  if (rule.enum && !rule.enum.includes(n)) {
    out.push({ field: path, rule: 'enum', message: `must be one of ${rule.enum.join(', ')}, got ${n}` });
    return;
  }
  if (rule.alsoAllow?.includes(n)) return;
  const belowMin = rule.min !== undefined && n < rule.min;
  const aboveMax = rule.max !== undefined && n > rule.max;
  if (belowMin || aboveMax) {
    const extra = rule.alsoAllow?.length ? ` (or ${rule.alsoAllow.join(', ')})` : '';
    const range =
      rule.min !== undefined && rule.max !== undefined
        ? `between ${rule.min} and ${rule.max}`
        : rule.min !== undefined
          ? `at least ${rule.min}`
          : `at most ${rule.max}`;
    out.push({ field: path, rule: 'range', message: `must be ${range}${extra}, got ${n}` });
  }
}

function checkArray(rule: ArrayRule, value: unknown, path: string, run: Run, depth: number): void {
  const { out } = run;
  if (!Array.isArray(value)) {
    out.push({ field: path, rule: 'type', message: `must be an array, got ${describe(value)}` });
    return;
  }
  const minItems = rule.minItems ?? (rule.required ? 1 : 0);
  if (value.length < minItems) {
    out.push({ field: path, rule: 'required', message: `must have at least ${minItems} item(s)` });
  }
  if (value.length > VALIDATE_LIMITS.maxArrayItems) {
    out.push({
      field: path,
      rule: 'range',
      message: `must have at most ${VALIDATE_LIMITS.maxArrayItems} items, got ${value.length}`,
    });
    return;
  }
  for (let index = 0; index < value.length && !out.full; index++)
    checkValue(rule.items, value[index], `${path}[${index}]`, run, depth);
}

function matches(condition: Condition, actual: unknown, options: ValidateOptions): boolean {
  const normalised =
    typeof actual === 'string' && options.integersAsText && /^-?\d+$/.test(actual) ? Number(actual) : actual;
  const equalsAny = (values: readonly (string | number)[]) =>
    values.some((v) => v === actual || v === normalised);
  if (condition.in) return equalsAny(condition.in);
  if (condition.notIn) return !equalsAny(condition.notIn);
  return false;
}

function conditionText(condition: Condition): string {
  if (condition.in) return `${condition.field} is ${condition.in.join(' or ')}`;
  return `${condition.field} is not ${condition.notIn?.join(' or ')}`;
}

/**
 * The object's values with those given under an alias (rule.aliases) moved to the field's own name; the
 * field's own spelling wins when both are given. `spelling` names a field as the caller wrote it.
 */
function foldAliases(
  rule: ObjectRule,
  given: Record<string, unknown>,
): { record: Record<string, unknown>; spelling: (field: string) => string } {
  const aliases = Object.entries(rule.aliases ?? {}).filter(
    ([alias, field]) => isPresent(given[alias]) && !isPresent(given[field]),
  );
  if (aliases.length === 0) return { record: given, spelling: (field) => field };
  const record = { ...given };
  const spelled = new Map<string, string>();
  for (const [alias, field] of aliases) {
    record[field] = given[alias];
    spelled.set(field, alias);
  }
  return { record, spelling: (field) => spelled.get(field) ?? field };
}

/**
 * `params` with values given under another spelling of a top-level field (the rule's aliases) under the
 * field's own name, and the aliases dropped: what a typed client call expects. Other keys are kept as given.
 */
export function canonicalParams(rule: ObjectRule, params: Record<string, unknown>): Record<string, unknown> {
  const aliases = rule.aliases;
  if (!aliases) return params;
  const { record } = foldAliases(rule, params);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !Object.hasOwn(aliases, key)));
}

function checkObject(rule: ObjectRule, value: unknown, path: string, run: Run, depth: number): void {
  const { options, out } = run;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push({ field: path || '(body)', rule: 'type', message: `must be an object, got ${describe(value)}` });
    return;
  }
  const given = value as Record<string, unknown>;
  const { record, spelling } = foldAliases(rule, given);
  for (const [key, fieldRule] of Object.entries(rule.fields)) {
    const fieldValue = record[key];
    if (!isPresent(fieldValue)) {
      if (fieldRule.required) out.push({ field: join(path, key), rule: 'required', message: 'is required' });
      continue;
    }
    checkValue(fieldRule, fieldValue, join(path, spelling(key)), run, depth);
  }
  if (options.rejectUnknown) {
    for (const key of Object.keys(given)) {
      if (out.full) break;
      // Own keys only: `in` would let `constructor` or `toString` pass as known fields.
      const known = Object.hasOwn(rule.fields, key) || (rule.aliases && Object.hasOwn(rule.aliases, key));
      if (!known && isPresent(given[key])) {
        out.push({
          field: join(path, key),
          rule: 'unknown',
          message: 'is not a parameter of this operation',
        });
      }
    }
  }
  for (const condition of rule.conditions ?? []) {
    if (!matches(condition, record[condition.field], options)) continue;
    for (const key of condition.require ?? []) {
      // Required means given with content, as for a required field: an empty string or list is missing.
      if (
        !isPresent(record[key]) ||
        record[key] === '' ||
        (Array.isArray(record[key]) && record[key].length === 0)
      ) {
        out.push({
          field: join(path, key),
          rule: 'required',
          message: `is required when ${conditionText(condition)}`,
        });
      }
    }
    for (const key of condition.forbid ?? []) {
      if (isPresent(record[key])) {
        const when = condition.notIn
          ? `is only allowed when ${condition.field} is ${condition.notIn.join(' or ')}`
          : `is not allowed when ${conditionText(condition)}`;
        out.push({ field: join(path, key), rule: 'unknown', message: when });
      }
    }
  }
  for (const group of rule.exactlyOneOf ?? []) {
    const present = group.filter((key) => isPresent(record[key]) && record[key] !== '');
    if (present.length !== 1) {
      out.push({
        field: join(path, group.join('|')),
        rule: 'required',
        message: `exactly one of ${group.join(', ')} must be given, got ${present.length === 0 ? 'none' : present.join(', ')}`,
      });
    }
  }
}
