import {
  ALERT_RULE_LIMITS,
  DEFAULT_CHANNEL_RULES,
  URL_CHANNEL_KINDS,
  type AlertChannelKind,
  type AlertChannelRequest,
  type AlertRule,
} from '@switchboard/live-protocol';

/**
 * The create form of a contact point as the admin fills it in (numbers as typed, minutes where people think in
 * minutes), and the one request it makes. Checked here first so the admin hears of a gap at once; the gateway
 * checks the same again (parseAlertChannelRequest) and its answer is mapped back onto these fields.
 */

/** The conditions the form offers, one tick each; two of them are the `queue` rule at either level. */
export const CONDITIONS = ['queue-warn', 'queue-critical', 'no-agents', 'agent-paused', 'pbx-down'] as const;
export type ConditionKey = (typeof CONDITIONS)[number];

/** Each condition's words in the form. */
export const CONDITION_LABELS: Record<ConditionKey, string> = {
  'queue-warn': 'A queue reaches warning (or critical)',
  'queue-critical': 'A queue reaches critical',
  'no-agents': 'No agent is logged in to a queue',
  'agent-paused': 'An agent stays paused over the limit',
  'pbx-down': 'The PBX link is down',
};

/** A number input's value: what v-model.number gives, '' while empty. */
export type TypedNumber = number | '';

/** One condition of the form: ticked or not, and its timings. */
export interface RuleDraft {
  key: ConditionKey;
  on: boolean;
  /** pbx-down: seconds down before it counts. */
  limitSec: TypedNumber;
  /** agent-paused: minutes of pause; empty = the queue's own limit. */
  pauseMin: TypedNumber;
  dwellSec: TypedNumber;
  cooldownMin: TypedNumber;
  repeatMin: TypedNumber;
}

/** The whole form. */
export interface ContactPointDraft {
  kind: AlertChannelKind;
  name: string;
  url: string;
  address: string;
  allQueues: boolean;
  /** Ticked queue ids, as the checklist holds them (text). */
  queues: string[];
  rules: RuleDraft[];
  /** "HH:MM" or '' (both empty: no quiet hours). */
  quietFrom: string;
  quietTo: string;
  dailySummary: boolean;
}

/** Where a rule goes in a request, by condition. */
function ruleShape(key: ConditionKey): Pick<AlertRule, 'kind' | 'level'> {
  if (key === 'queue-warn') return { kind: 'queue', level: 'warn' };
  if (key === 'queue-critical') return { kind: 'queue', level: 'critical' };
  return { kind: key };
}

/** The condition a rule reports. */
export function conditionOf(rule: Pick<AlertRule, 'kind' | 'level'>): ConditionKey {
  if (rule.kind === 'queue') return rule.level === 'warn' ? 'queue-warn' : 'queue-critical';
  return rule.kind;
}

/** Timings of a condition nobody ticked yet: the default rule's where there is one, else the gateway's fallbacks. */
const FALLBACK = { dwellSec: 30, cooldownSec: 600, repeatSec: 900 };

/** The conditions as a new contact point starts: DEFAULT_CHANNEL_RULES ticked, the others with sensible timings. */
export function defaultRuleDrafts(): RuleDraft[] {
  return CONDITIONS.map((key) => {
    const shape = ruleShape(key);
    const ticked = DEFAULT_CHANNEL_RULES.find((rule) => conditionOf(rule) === key);
    const base = ticked ?? DEFAULT_CHANNEL_RULES.find((rule) => rule.kind === shape.kind) ?? FALLBACK;
    return {
      key,
      on: ticked !== undefined,
      limitSec: key === 'pbx-down' ? (ticked?.limitSec ?? 60) : '',
      pauseMin: '',
      dwellSec: base.dwellSec,
      cooldownMin: base.cooldownSec / 60,
      repeatMin: base.repeatSec / 60,
    };
  });
}

/** A new, empty form. */
export function emptyDraft(kind: AlertChannelKind = 'webhook'): ContactPointDraft {
  return {
    kind,
    name: '',
    url: '',
    address: '',
    allQueues: true,
    queues: [],
    rules: defaultRuleDrafts(),
    quietFrom: '',
    quietTo: '',
    dailySummary: false,
  };
}

/** A field's problems, by the form's field name (`name`, `url`, `rule-pbx-down`, ...). */
export type FieldErrors = Record<string, string>;

/** The form's field of a rule's condition. */
export const ruleField = (key: ConditionKey): string => `rule-${key}`;

/** Reads a typed number in `unit`s as whole seconds within `limit`, or says what is wrong. */
function seconds(
  typed: TypedNumber,
  unit: 1 | 60,
  limit: { min: number; max: number },
  what: string,
): number | string {
  const words = unit === 60 ? 'minutes' : 'seconds';
  const min = Math.ceil(limit.min / unit);
  const max = Math.floor(limit.max / unit);
  if (typed === '' || !Number.isFinite(typed)) return `${what}: enter ${words} from ${min} to ${max}.`;
  const value = Math.round(typed * unit);
  if (value < limit.min || value > limit.max) return `${what}: ${min} to ${max} ${words}.`;
  return value;
}

/** One ticked condition as a rule, or what is wrong with it. */
function ruleOf(draft: RuleDraft): AlertRule | string {
  const problems: string[] = [];
  const take = (value: number | string): number => {
    if (typeof value === 'string') problems.push(value);
    return typeof value === 'number' ? value : 0;
  };
  const rule: AlertRule = {
    ...ruleShape(draft.key),
    dwellSec: take(seconds(draft.dwellSec, 1, ALERT_RULE_LIMITS.dwellSec, 'Wait before sending')),
    cooldownSec: take(seconds(draft.cooldownMin, 60, ALERT_RULE_LIMITS.cooldownSec, 'Quiet after a message')),
    repeatSec: take(seconds(draft.repeatMin, 60, ALERT_RULE_LIMITS.repeatSec, 'Repeat')),
  };
  if (draft.key === 'pbx-down')
    rule.limitSec = take(seconds(draft.limitSec, 1, ALERT_RULE_LIMITS.limitSec, 'Down for'));
  if (draft.key === 'agent-paused' && draft.pauseMin !== '')
    rule.limitSec = take(seconds(draft.pauseMin, 60, ALERT_RULE_LIMITS.limitSec, 'Paused over'));
  return problems.length > 0 ? problems.join(' ') : rule;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The request the form makes, or the problems to show next to its fields. What the gateway checks beyond this
 * (the URL's host against its allow-list, email needing a mail relay) comes back from it.
 */
export function buildChannelRequest(
  draft: ContactPointDraft,
): { ok: true; request: AlertChannelRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors['name'] = 'Give it a name, e.g. “Night shift phone” or “#support-alerts”.';
  else if (name.length > 64) errors['name'] = 'At most 64 characters.';
  const byUrl = URL_CHANNEL_KINDS.includes(draft.kind);
  const url = draft.url.trim();
  if (byUrl && !/^https?:\/\/\S+$/i.test(url))
    errors['url'] = 'Paste the whole address, starting with https://.';
  const address = draft.address.trim();
  if (draft.kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    errors['address'] = 'Enter one email address.';
  const queues = draft.queues.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!draft.allQueues && queues.length === 0) errors['queues'] = 'Tick at least one queue, or choose all.';
  const ticked = draft.rules.filter((rule) => rule.on);
  if (ticked.length === 0) errors['rules'] = 'Tick at least one condition to report.';
  const rules: AlertRule[] = [];
  for (const rule of ticked) {
    const made = ruleOf(rule);
    if (typeof made === 'string') errors[ruleField(rule.key)] = made;
    else rules.push(made);
  }
  const from = draft.quietFrom;
  const to = draft.quietTo;
  if ((from === '') !== (to === '')) errors['quietHours'] = 'Give both times, or neither for no quiet hours.';
  else if (from !== '' && (!HH_MM.test(from) || !HH_MM.test(to)))
    errors['quietHours'] = 'Times are HH:MM, 24 h.';
  else if (from !== '' && from === to)
    errors['quietHours'] = 'The quiet hours must not start and end together.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      kind: draft.kind,
      name,
      ...(byUrl ? { url } : {}),
      ...(draft.kind === 'email' ? { address } : {}),
      queues: draft.allQueues ? 'all' : [...new Set(queues)],
      rules,
      quietHours: from === '' ? null : { from, to },
      dailySummary: draft.kind === 'email' && draft.dailySummary,
    },
  };
}

/** The form's words for the gateway's field names, for messages that start with a verb ("is required…"). */
const FIELD_WORDS: Record<string, string> = {
  kind: 'Kind',
  name: 'Name',
  url: 'URL',
  address: 'Email address',
  queues: 'Queues',
  rules: 'Rules',
  quietHours: 'Quiet hours',
  dailySummary: 'Daily summary',
};

/** The form's words for the numbers of a rule. */
const RULE_FIELD_WORDS: Record<string, string> = {
  dwellSec: 'Wait before sending',
  cooldownSec: 'Quiet after a message',
  repeatSec: 'Repeat',
  limitSec: 'Limit',
  level: 'Level',
  kind: 'Condition',
};

/**
 * The gateway's refusal (its 400 answer's `fields`) on the form's fields: `rules[1].dwellSec` goes to the
 * condition that made rules[1], `quietHours.from` to the quiet hours; what fits no field stays in `rest`.
 */
export function fieldErrorsOf(
  fields: readonly { field: string; message: string }[],
  sent: AlertChannelRequest,
): { errors: FieldErrors; rest: string[] } {
  const errors: FieldErrors = {};
  const rest: string[] = [];
  const add = (field: string, message: string) => {
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  };
  for (const { field, message } of fields) {
    const rule = /^rules\[(\d+)\](?:\.(\w+))?$/.exec(field);
    const sentRule = rule ? sent.rules[Number(rule[1])] : undefined;
    const top = field.split('.')[0] ?? field;
    const phrase = /^(is|must|has|are) /.test(message) ? `${FIELD_WORDS[top] ?? field} ${message}` : message;
    const part = rule?.[2];
    if (sentRule)
      add(
        ruleField(conditionOf(sentRule)),
        sentence(part ? `${RULE_FIELD_WORDS[part] ?? part} ${message}` : message),
      );
    else if (top in FIELD_WORDS) add(top, sentence(phrase));
    else rest.push(sentence(phrase));
  }
  return { errors, rest };
}

/** Starts with a capital and ends with a full stop. */
const sentence = (text: string): string =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
