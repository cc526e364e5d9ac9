import {
  pbxInvalidParamFields,
  type PbxArraySchema,
  type PbxFieldError,
  type PbxFieldSchema,
  type PbxFormatName,
  type PbxIntegerSchema,
  type PbxInvalidParamView,
  type PbxObjectSchema,
  type PbxSchemaAnswer,
  type PbxStringSchema,
} from '@switchboard/live-protocol';

/**
 * Checks a form's values against an operation's parameters from GET /api/pbx/schema exactly as the PBX
 * client checks a request before sending it (libs/pbx-api/src/rules/validate.ts): the same rules, the same
 * order, the same messages. pbx-form-rules.cases.json holds cases both checks must answer alike; the
 * gateway's pbx-schema test runs the client over them, pbx-form-rules.spec.ts runs this.
 */

/** What a check needs besides the rule: the format sentences and the limits of the schema answer. */
export type PbxFormContext = Pick<PbxSchemaAnswer, 'formats' | 'limits'>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MAC = /^(?:[0-9A-Fa-f]{12}|[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4})$/;
// libs/pbx-api/src/rules/formats.ts: a number, or a pattern of digits, X Z N, [1-5] sets, . and !.
const NUMBER_OR_PATTERN = /^\+?(?:[0-9XZNxzn.!]|\[(?:[0-9](?:-[0-9])?)+\])+$/;
const DIGITS = /^\d+$/;

/** Whether one entry of an allowlist or blocklist is one the PBX takes: a number or a dial pattern. */
export const isNumberOrPattern = (item: string): boolean => NUMBER_OR_PATTERN.test(item);

const isPort = (text: string) => DIGITS.test(text) && Number(text) >= 1 && Number(text) <= 65535;
const parts = (value: string, separator: string) => value.split(separator).map((part) => part.trim());

/** The test of each format; the sentence comes from the schema answer. */
const FORMAT_TESTS: Readonly<Record<PbxFormatName, (value: string) => boolean>> = {
  ip_port: (value) => {
    const ipv6 = /^\[([0-9A-Fa-f:.]+)\]:(\d+)$/.exec(value);
    if (ipv6) return (ipv6[1] ?? '').includes(':') && isPort(ipv6[2] ?? '');
    const at = value.lastIndexOf(':');
    return at > 0 && IPV4.test(value.slice(0, at)) && isPort(value.slice(at + 1));
  },
  mac: (value) => MAC.test(value),
  amp_list: (value) => parts(value, '&').every(isNumberOrPattern),
  comma_id_list: (value) => parts(value, ',').every((item) => DIGITS.test(item)),
  comma_digit_list: (value) => parts(value, ',').every((item) => DIGITS.test(item)),
  member_channel_ids: (value) =>
    value === 'all' || parts(value, ',').every((item) => item.length > 0 && !/\s/.test(item)),
  did_filter_list: (value) =>
    parts(value, ',').every((item) => {
      const at = item.lastIndexOf(':');
      return at > 0 && at < item.length - 1;
    }),
  unix_seconds: (value) => DIGITS.test(value) && value.length <= 12,
};

/** A short rendering of a value for a message, as the client writes it. */
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

const isPresent = (value: unknown) => value !== undefined && value !== null;
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

class Checker {
  readonly errors: PbxFieldError[] = [];

  constructor(private readonly context: PbxFormContext) {}

  get full(): boolean {
    return this.errors.length >= this.context.limits.maxViolations;
  }

  push(field: string, message: string): void {
    if (!this.full) this.errors.push({ field, message });
  }

  value(rule: PbxFieldSchema, value: unknown, path: string, depth: number): void {
    if (this.full) return;
    if (depth >= this.context.limits.maxDepth) {
      this.push(path, `is nested more than ${this.context.limits.maxDepth} levels deep`);
      return;
    }
    if (rule.type === 'string') this.string(rule, value, path);
    else if (rule.type === 'integer') this.integer(rule, value, path);
    else if (rule.type === 'id') {
      const text = typeof value === 'string' && value.length > 0 && value.length <= rule.maxLength;
      if (!text && !Number.isInteger(value))
        this.push(path, `must be an ID (integer or text), got ${describe(value)}`);
      else if (typeof value === 'string' && LONE_SURROGATE.test(value))
        this.push(path, 'must be valid text (it holds a lone UTF-16 surrogate)');
    } else if (rule.type === 'array') this.array(rule, value, path, depth + 1);
    else this.object(rule, value, path, depth + 1);
  }

  string(rule: PbxStringSchema, value: unknown, path: string): void {
    if (typeof value !== 'string') return this.push(path, `must be a string, got ${describe(value)}`);
    if (value.length > rule.maxLength)
      return this.push(path, `must be at most ${rule.maxLength} characters long, got ${value.length}`);
    if (rule.required && value.trim() === '') return this.push(path, 'must not be empty');
    if (LONE_SURROGATE.test(value))
      return this.push(path, 'must be valid text (it holds a lone UTF-16 surrogate)');
    if (rule.enum && !rule.enum.includes(value))
      return this.push(path, `must be one of ${rule.enum.join(', ')}, got ${describe(value)}`);
    if (rule.format && value !== '' && !FORMAT_TESTS[rule.format](value))
      this.push(path, `${this.context.formats[rule.format]}, got ${describe(value)}`);
  }

  integer(rule: PbxIntegerSchema, value: unknown, path: string): void {
    if (rule.blankIsDefault && value === '') return;
    if (typeof value !== 'number' || !Number.isInteger(value))
      return this.push(path, `must be an integer, got ${describe(value)}`);
    if (rule.enum && !rule.enum.includes(value))
      return this.push(path, `must be one of ${rule.enum.join(', ')}, got ${value}`);
    if (rule.alsoAllow?.includes(value)) return;
    const { min, max } = rule;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      const extra = rule.alsoAllow?.length ? ` (or ${rule.alsoAllow.join(', ')})` : '';
      const range =
        min !== undefined && max !== undefined
          ? `between ${min} and ${max}`
          : min !== undefined
            ? `at least ${min}`
            : `at most ${max}`;
      this.push(path, `must be ${range}${extra}, got ${value}`);
    }
  }

  array(rule: PbxArraySchema, value: unknown, path: string, depth: number): void {
    if (!Array.isArray(value)) return this.push(path, `must be an array, got ${describe(value)}`);
    if (value.length < rule.minItems) this.push(path, `must have at least ${rule.minItems} item(s)`);
    if (value.length > rule.maxItems)
      return this.push(path, `must have at most ${rule.maxItems} items, got ${value.length}`);
    for (let index = 0; index < value.length && !this.full; index++)
      this.value(rule.items, value[index], `${path}[${index}]`, depth);
  }

  object(rule: PbxObjectSchema, value: unknown, path: string, depth: number, rejectUnknown = true): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.push(path || '(body)', `must be an object, got ${describe(value)}`);
    const given = value as Record<string, unknown>;
    // A value under another spelling counts as the field's, named as written (the field's spelling wins).
    const record = { ...given };
    const spelled = new Map<string, string>();
    for (const [alias, field] of Object.entries(rule.aliases))
      if (isPresent(given[alias]) && !isPresent(given[field])) {
        record[field] = given[alias];
        spelled.set(field, alias);
      }
    for (const [key, fieldRule] of Object.entries(rule.fields)) {
      if (!isPresent(record[key])) {
        if (fieldRule.required) this.push(join(path, key), 'is required');
        continue;
      }
      this.value(fieldRule, record[key], join(path, spelled.get(key) ?? key), depth);
    }
    if (rejectUnknown)
      for (const key of Object.keys(given)) {
        if (this.full) break;
        const known = Object.hasOwn(rule.fields, key) || Object.hasOwn(rule.aliases, key);
        if (!known && isPresent(given[key]))
          this.push(join(path, key), 'is not a parameter of this operation');
      }
    this.conditions(rule, record, path);
  }

  conditions(rule: PbxObjectSchema, record: Record<string, unknown>, path: string): void {
    for (const condition of rule.conditions) {
      const values = condition.in ?? condition.notIn ?? [];
      const equals = values.some((v) => v === record[condition.field]);
      if (condition.in ? !equals : condition.notIn ? equals : true) continue;
      const when = condition.in
        ? `${condition.field} is ${condition.in.join(' or ')}`
        : `${condition.field} is not ${values.join(' or ')}`;
      for (const key of condition.require) {
        const missing =
          !isPresent(record[key]) ||
          record[key] === '' ||
          (Array.isArray(record[key]) && record[key].length === 0);
        if (missing) this.push(join(path, key), `is required when ${when}`);
      }
      for (const key of condition.forbid)
        if (isPresent(record[key]))
          this.push(
            join(path, key),
            condition.notIn
              ? `is only allowed when ${condition.field} is ${values.join(' or ')}`
              : `is not allowed when ${when}`,
          );
    }
    for (const group of rule.exactlyOneOf) {
      const present = group.filter((key) => isPresent(record[key]) && record[key] !== '');
      if (present.length !== 1)
        this.push(
          join(path, group.join('|')),
          `exactly one of ${group.join(', ')} must be given, got ${present.length === 0 ? 'none' : present.join(', ')}`,
        );
    }
  }
}

/**
 * The errors of a form's values against an operation's parameters, in field order, as the PBX client would
 * report them; empty when the PBX client would send the request. Never throws.
 */
export function checkPbxForm(
  params: PbxObjectSchema,
  values: unknown,
  context: PbxFormContext,
): PbxFieldError[] {
  const checker = new Checker(context);
  try {
    checker.object(params, values, '', 0);
  } catch {
    checker.push('(body)', 'could not be read as plain data');
  }
  return checker.errors;
}

/**
 * The field errors of a failed admin call: the gateway's own check (`fields` of invalid_payload), or the PBX's
 * `invalid_param_list` (`invalidParams` of pbx_error) in words. Empty when the error names no field.
 */
export function fieldErrorsOf(error: {
  fields?: readonly PbxFieldError[];
  invalidParams?: readonly PbxInvalidParamView[];
}): PbxFieldError[] {
  if (error.fields && error.fields.length > 0) return [...error.fields];
  return pbxInvalidParamFields(error.invalidParams);
}
