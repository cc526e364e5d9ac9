import type { AuditChange } from './pbx-config.js';

/**
 * Every action the gateway writes to the audit log, besides the `pbx:<resource>/<action>` family of admin
 * PBX calls. Written as a record so that an action without a sentence fails to compile.
 */
const SENTENCES = {
  'inbound:decide': (e, f) => {
    const verb =
      f.decision === 'accept'
        ? 'let through'
        : f.decision === 'refuse_and_block'
          ? 'refused and blocked'
          : f.decision === 'refuse'
            ? 'refused'
            : 'decided';
    const caller = f.caller || 'a caller';
    const line = f.line ? `, held call on ${f.line} line` : ', held call';
    // The route's default destination: a time condition of the route may have sent the call elsewhere.
    const destination =
      f.decision === 'accept' && f.destination ? `, route’s default destination ${f.destination}` : '';
    return `${e.user} ${verb} ${caller}${line}${destination}`;
  },
  'inbound:auto_accepted': (_e, f) =>
    `The PBX let ${f.caller || 'a caller'} through by itself${f.line ? ` (held call on ${f.line} line)` : ''}`,
  'inbound:unblock': (e, f) => `${e.user} undid the block of ${f.caller || 'a number'}`,
  'conference:kick': (e, f) =>
    f.members === 'all'
      ? `${e.user} ended conference ${f.conference ?? ''} for everyone`.replace(/ {2}/, ' ')
      : `${e.user} removed ${f.members ?? 'members'} from conference ${f.conference ?? ''}`.trim(),
  'uacsta:refuse': (e, f) => `${e.user} refused the call ringing on ${agentOf(f)}’s desk phone`,
  'agent:login': (e, f) =>
    `${e.user} logged ${agentOf(f)} ${f.operation === 'logout' ? 'out of' : 'in to'} ${f.queues ?? 'their queues'}`,
  'agent:pause': (e, f) =>
    f.operation === 'unpause'
      ? `${e.user} unpaused ${agentOf(f)}`
      : `${e.user} paused ${agentOf(f)}${f.reason ? ` (${f.reason})` : ''}`,
  'call:listen': (e, f) => {
    const how = f.mode === 'barge' ? 'barged in on' : f.mode === 'whisper' ? 'whispered to' : 'listened to';
    return `${e.user} ${how} ${agentOf(f)}’s call${f.monitor ? ` from extension ${f.monitor}` : ''}`;
  },
  'call:monitor-stop': (e, f) => `${e.user} stopped monitoring ${agentOf(f)}’s call`,
  'display-token:create': (e, f) => `${e.user} created the display link “${f.name ?? e.target}”`,
  'display-token:revoke': (e, f) => `${e.user} revoked the display link “${f.name ?? e.target}”`,
  'call:recording': (e, f) =>
    `${e.user} ${f.operation === 'download' ? 'downloaded' : 'played'} the recording of ${f.call ?? `call ${e.target}`}`,
  'calls:export': (e, f) => `${e.user} exported ${f.call ?? 'call records'} as CSV`,
  'alert-channel:create': (e, f) => `${e.user} added the contact point “${f.name ?? e.target}”`,
  'alert-channel:delete': (e, f) => `${e.user} deleted the contact point “${f.name ?? e.target}”`,
  'alert-channel:test': (e, f) => `${e.user} sent a test message to “${f.name ?? e.target}”`,
  // Alerts open and resolve by themselves: the gateway records them as user "Switchboard".
  'incident:open': (e, f) =>
    `${e.user} raised the alert “${f.subject ?? e.target}”${f.summary ? `: ${f.summary}` : ''}`,
  'incident:resolve': (e, f) => `${e.user} resolved the alert “${f.subject ?? e.target}”`,
  'incident:acknowledge': (e, f) => `${e.user} acknowledged the alert “${f.subject ?? e.target}”`,
  'push:subscribe': (e, f) =>
    f.operation === 'unsubscribe'
      ? `${e.user} turned phone notifications off`
      : `${e.user} turned phone notifications on`,
} satisfies Record<string, (entry: AuditEntryView, facts: AuditFacts) => string>;

/** Actions with a sentence of their own. */
export type KnownAuditAction = keyof typeof SENTENCES;

/** What the audit log records: a known action, or an admin's PBX call (`pbx:queue/list`). */
export type AuditAction = KnownAuditAction | `pbx:${string}`;

/** Every known action, for tests and filters. */
export const AUDIT_ACTIONS = Object.keys(SENTENCES) as readonly KnownAuditAction[];

/** Short labels of the actions, for a filter menu. */
export const AUDIT_ACTION_LABELS: Readonly<Record<KnownAuditAction | 'pbx', string>> = {
  'inbound:decide': 'Held-call decision',
  'inbound:auto_accepted': 'Let through by the PBX',
  'inbound:unblock': 'Block undone',
  'conference:kick': 'Conference kick',
  'uacsta:refuse': 'Desk-phone refuse',
  'agent:login': 'Agent log-in/out',
  'agent:pause': 'Agent pause',
  'call:listen': 'Listen/whisper/barge',
  'call:monitor-stop': 'Monitor stopped',
  'display-token:create': 'Display link created',
  'display-token:revoke': 'Display link revoked',
  'call:recording': 'Recording played or downloaded',
  'calls:export': 'Call records exported',
  'alert-channel:create': 'Contact point added',
  'alert-channel:delete': 'Contact point deleted',
  'alert-channel:test': 'Contact point tested',
  'incident:open': 'Alert opened',
  'incident:resolve': 'Alert resolved',
  'incident:acknowledge': 'Alert acknowledged',
  'push:subscribe': 'Phone notifications',
  pbx: 'PBX admin call',
};

/** An entry of the audit log. */
export interface AuditEntryView {
  id: number;
  at: number;
  user: string;
  action: string;
  target: string;
  result: 'ok' | 'error';
  detail: string;
  /**
   * The queues the target belonged to when the entry was written (a held call's queue, an agent's queues);
   * absent for targets of no queue (conferences, display links, PBX admin calls). Decides who may read it.
   */
  queues?: number[];
  /** What the entry is about, as names and numbers, for its sentence (see auditSentence). */
  facts?: AuditFacts;
  /**
   * A configuration change through the admin REST: each field created, changed or deleted, before -> after
   * (secrets only as "changed"). Absent for everything else.
   */
  changes?: AuditChange[];
}

/**
 * Structured facts of an audit entry, from which its sentence is written: names and numbers as a person
 * reads them. All optional; a missing fact is left out of the sentence.
 */
export interface AuditFacts {
  /** A caller's number. */
  caller?: string;
  /** The trunk (line) a held call came in on. */
  line?: string;
  /**
   * The default destination of an accepted held call's inbound route, in words. Not surely where the call went:
   * a time condition of the route (office hours, holidays) may send it elsewhere.
   */
  destination?: string;
  decision?: string;
  /** An agent's extension and name. */
  extension?: string;
  agentName?: string;
  /** The supervisor's extension that rang to monitor. */
  monitor?: string;
  mode?: string;
  operation?: string;
  /** Queue names, in words ("Sales, Support"). */
  queues?: string;
  reason?: string;
  conference?: string;
  /** "all", or how many members. */
  members?: string;
  /** A display link's name. */
  name?: string;
  /** A configuration item changed through the admin REST, in words: `allowlist rule “VIP” (id 3)`. */
  item?: string;
  /** A call (or a search of calls) in words: "the call from 5551234 to 1005 on 2026-11-24 10:02". */
  call?: string;
  /** What an admin PBX call did to `item`. */
  change?: 'create' | 'update' | 'delete';
  /**
   * What an admin PBX call did, in words, when one item's before/after does not tell it (a bulk change,
   * call control): the sentence after the user, e.g. "added 2 phones: 00:1A:2B:3C:4D:99 to extension id 130, …".
   */
  summary?: string;
  /** What an alert is about, in words: "Sales (600)", "PBX link". */
  subject?: string;
}

function agentOf(f: AuditFacts): string {
  if (f.agentName && f.extension) return `${f.agentName} (${f.extension})`;
  return f.agentName || (f.extension ? `extension ${f.extension}` : 'an agent');
}

/** The action's group for filtering: its own name, or `pbx` for every admin PBX call. */
export function auditActionGroup(action: string): KnownAuditAction | 'pbx' | 'other' {
  if (action.startsWith('pbx:')) return 'pbx';
  return Object.hasOwn(SENTENCES, action) ? (action as KnownAuditAction) : 'other';
}

/**
 * An audit entry as a sentence: "Ana refused and blocked +1 555 0100, held call on Sales line". A failure
 * says so and why ("… – failed: The PBX did not answer"). An action this version does not know still reads
 * as a sentence of who did what.
 */
export function auditSentence(entry: AuditEntryView): string {
  const facts = entry.facts ?? {};
  let sentence: string;
  if (entry.action.startsWith('pbx:')) sentence = pbxSentence(entry, facts);
  else if (Object.hasOwn(SENTENCES, entry.action))
    sentence = SENTENCES[entry.action as KnownAuditAction](entry, facts);
  else sentence = `${entry.user} did ${entry.action}${entry.target ? ` on ${entry.target}` : ''}`;
  if (entry.result === 'error') return `${sentence} – failed: ${failureText(entry.detail)}`;
  return sentence;
}

const CHANGE_VERBS = { create: 'created', update: 'changed', delete: 'deleted' } as const;
/** Fields written out in a sentence (an IVR has dozens); the entry's `changes` keep them all. */
const CLAUSES_MAX = 6;
/** Longest value quoted in a sentence; the entry's `changes` keep the whole value. */
const QUOTED_MAX = 60;

function quoted(value: string | undefined): string {
  if (value === undefined || value === '') return 'nothing';
  return `“${value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX - 1)}…` : value}”`;
}

/** PBX parameter names in words for audit sentences; others read as their name with spaces. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  limit_type: 'applies to',
  number_list: 'numbers',
  pin_list: 'PINs',
  enb_record_cdr: 'record in CDRs',
  assignment_mode: 'assignment',
  prompt_repeat: 'prompt repeats',
  resp_timeout: 'reply timeout',
  digit_timeout: 'digit timeout',
  dial_ext_option: 'direct dialling',
  prompt_manger_password: 'prompt manager password',
  batch_id_list: 'phones',
  phone_list: 'phones',
  template_name: 'template',
  provisioning_method: 'provisioning',
};

const fieldWords = (field: string) => FIELD_WORDS[field] ?? field.replace(/_/g, ' ');

/** `name “VIP” → “VIP 2”`, `PINs changed`, `pause reason *01 “Lunch” removed`, `numbers “555”` (create): one clause per field. */
function changeText(change: AuditChange, kind: 'create' | 'update' | 'delete'): string {
  const field = fieldWords(change.field);
  if (change.secret) return `${field} ${kind === 'update' ? 'changed' : 'set'}`;
  if (kind === 'create') return `${field} ${quoted(change.after)}`;
  if (kind === 'delete') return `${field} ${quoted(change.before)}`;
  if (change.before === undefined) return `${field} ${quoted(change.after)} added`;
  if (change.after === undefined) return `${field} ${quoted(change.before)} removed`;
  return `${field} ${quoted(change.before)} → ${quoted(change.after)}`;
}

/**
 * An admin's PBX call: "admin changed allowlist rule “VIP” (id 3): name “VIP” → “VIP 2”" when the gateway
 * recorded the item and its changes, else which operation was called on what.
 */
function pbxSentence(entry: AuditEntryView, facts: AuditFacts): string {
  const operation = entry.action.slice(4);
  if (facts.summary) return `${entry.user} ${facts.summary}`;
  if (!facts.change || !facts.item)
    return `${entry.user} called the PBX operation ${operation}${entry.target ? ` on ${entry.target}` : ''}`;
  const kind = facts.change;
  const changes = entry.changes ?? [];
  const what = `${entry.user} ${CHANGE_VERBS[kind]} ${facts.item}`;
  if (changes.length === 0)
    return kind === 'update' && entry.result === 'ok' ? `${what} (nothing changed)` : what;
  const shown = changes.slice(0, CLAUSES_MAX).map((change) => changeText(change, kind));
  const more = changes.length - shown.length;
  return `${what}: ${shown.join('; ')}${more > 0 ? ` and ${more} more field${more === 1 ? '' : 's'}` : ''}`;
}

/** The human part of an error detail (`code: message` -> message). */
function failureText(detail: string): string {
  const match = /^[a-z_]+: (.*)$/s.exec(detail);
  return (match?.[1] ?? detail) || 'no reason given';
}

/** Lower-cased text an entry is searched by: its sentence, user, target and detail. */
export function auditSearchText(entry: AuditEntryView): string {
  return [auditSentence(entry), entry.user, entry.target, entry.detail].join(' ').toLowerCase();
}
