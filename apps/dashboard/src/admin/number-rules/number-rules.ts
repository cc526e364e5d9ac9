import type { PbxFieldError } from '@switchboard/live-protocol';
import {
  isNumberOrPattern,
  type NumberRule,
  type NumberRuleFields,
  type NumberRuleLimitType,
  type NumberRuleUpdateParams,
} from '@switchboard/pbx-api/rules';

/**
 * Allowlist and blocklist rules between the PBX's shape and the form's (docs/pbx/configuration.md#allowlist-and-blocklist):
 * the PBX keeps the numbers as one text joined with `&`, the form as one number per line.
 */

/** Which of the two symmetric lists a screen edits. */
export type NumberListKind = 'allow' | 'block';

/** The form's values; `number_list` holds one number per line. */
export interface NumberRuleForm {
  name: string;
  limit_type: NumberRuleLimitType;
  number_list: string;
}

/** The PBX resource and the words of each list. */
export const NUMBER_LISTS: Readonly<
  Record<
    NumberListKind,
    { resource: 'allow_numbers' | 'block_numbers'; title: string; kind: string; intro: string }
  >
> = {
  allow: {
    resource: 'allow_numbers',
    title: 'Allowlist',
    kind: 'allowlist rule',
    intro:
      'Numbers the PBX always lets through: callers who may call in, or numbers extensions may always call.',
  },
  block: {
    resource: 'block_numbers',
    title: 'Blocklist',
    kind: 'blocklist rule',
    intro:
      'Numbers the PBX stops: callers who may not call in, or numbers extensions may not call. Never applied to calls between extensions.',
  },
};

/** `limit_type` in words, per list (what the rule does to which calls). */
export function limitTypeWords(list: NumberListKind): Record<'inbound' | 'outbound' | 'both', string> {
  const verb = list === 'allow' ? 'Allow' : 'Block';
  return {
    inbound: `${verb} calls from these numbers`,
    outbound: `${verb} calls from extensions to these numbers`,
    both: `${verb} calls from and to these numbers`,
  };
}

/** `5551234&5555678` -> one number per line. */
export function numbersToLines(numberList: string): string {
  return numberList
    .split('&')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join('\n');
}

/** One number per line (blank lines and surrounding spaces ignored) -> the PBX's `&`-joined text. */
export function linesToNumbers(lines: string): string {
  return lines
    .split(/\r?\n/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join('&');
}

/** The numbers of a rule, for the table: the first few and how many more. */
export function numbersInBrief(numberList: string, shown = 3): string {
  const numbers = numberList.split('&').filter((item) => item.trim() !== '');
  const head = numbers.slice(0, shown).join(', ');
  return numbers.length > shown ? `${head} and ${numbers.length - shown} more` : head;
}

export const blankNumberRule = (): NumberRuleForm => ({ name: '', limit_type: 'inbound', number_list: '' });

export const numberRuleForm = (rule: NumberRule): NumberRuleForm => ({
  name: rule.name,
  limit_type: rule.limit_type,
  number_list: numbersToLines(rule.number_list),
});

/** The body of a create (or, with `id`, an update). */
export function numberRuleBody(
  form: NumberRuleForm,
  id: number | null = null,
): NumberRuleFields | NumberRuleUpdateParams {
  const fields: NumberRuleFields = {
    name: form.name.trim(),
    limit_type: form.limit_type,
    number_list: linesToNumbers(form.number_list),
  };
  return id === null ? fields : { id, ...fields };
}

/** What a number or pattern may hold, for hints and refusals. */
export const NUMBER_SYNTAX =
  'digits, with a + in front if needed; for a range, a pattern with X (any digit), Z (1-9), N (2-9), [1-5] (one of), . (one or more) or ! (any)';

/**
 * The lines of the numbers field the PBX would refuse, named by line and value in words, before anything is
 * sent (the PBX takes numbers and the dial patterns of docs/pbx/configuration.md#allowlist-and-blocklist).
 */
export function numberLineProblems(lines: string): PbxFieldError[] {
  const bad = lines
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter(({ text }) => text !== '' && !isNumberOrPattern(text));
  if (bad.length === 0) return [];
  const named = bad
    .slice(0, 3)
    .map(({ line, text }) => `line ${line} (“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”)`)
    .join(', ');
  const more = bad.length > 3 ? ` and ${bad.length - 3} more` : '';
  const verb =
    bad.length === 1 ? 'is not a phone number or dial pattern' : 'are not phone numbers or dial patterns';
  return [
    {
      field: 'number_list',
      message: `${named.charAt(0).toUpperCase()}${named.slice(1)}${more} ${verb}. Use ${NUMBER_SYNTAX}.`,
    },
  ];
}
