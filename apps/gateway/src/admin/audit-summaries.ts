import type { AuditChange } from '@switchboard/live-protocol';
import type { PbxItem } from './config-audit.js';

/**
 * Admin calls whose audit entry is one sentence written here rather than one item's before -> after: bulk
 * phone changes ("added 2 phones: 00:1A:2B:3C:4D:99 to extension id 130, …"), call control and the AI
 * transcript download. Never raw JSON, never an operation name.
 */
export interface AuditSummary {
  /** The sentence after the user's name. */
  summary: string;
  /** Item by item, for the log (each phone and where it goes). */
  changes?: AuditChange[];
}

/** Items named in a sentence; the rest are counted ("and 5 more"), the changes keep all. */
const NAMED_MAX = 3;

const records = (value: unknown): PbxItem[] =>
  Array.isArray(value)
    ? value.filter((item): item is PbxItem => typeof item === 'object' && item !== null)
    : [];
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "a, b, c and 2 more" of the first few `names`. */
function named(names: readonly string[]): string {
  const shown = names.slice(0, NAMED_MAX).join(', ');
  const more = names.length - NAMED_MAX;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** The ids of `batch_id_list` as text. */
const ids = (body: PbxItem) => (Array.isArray(body['batch_id_list']) ? body['batch_id_list'].map(text) : []);

/** " in queue id 3", " of queue ids 1, 2" (with `preposition`), or nothing. */
function queues(body: PbxItem, preposition = 'in'): string {
  if (body['queue_id'] !== undefined) return ` ${preposition} queue id ${text(body['queue_id'])}`;
  const list = text(body['queue_ids']);
  return list ? ` ${preposition} queue ids ${list}` : '';
}

/** Whose agent state a call changes: "extension id 12", "extension ids 12, 13". */
function agents(body: PbxItem): string {
  if (body['ext_id'] !== undefined) return `extension id ${text(body['ext_id'])}`;
  const list = Array.isArray(body['ext_ids']) ? body['ext_ids'].map(text).join(', ') : text(body['ext_ids']);
  return list ? `extension ids ${list}` : 'agents';
}

const LISTEN_WORDS: Readonly<Record<string, string>> = {
  listen: 'listen to',
  whisper: 'whisper to',
  barge: 'barge in on',
};

const reason = (body: PbxItem) => (text(body['reason']) ? ` (reason ${text(body['reason'])})` : '');
const on = (word: string, value: unknown) => (text(value) ? ` ${word} ${text(value)}` : '');

function login(body: PbxItem): AuditSummary {
  const out = body['operation'] === 'logout';
  return { summary: `logged ${agents(body)} ${out ? 'out' : 'in'}${queues(body, out ? 'of' : 'to')}` };
}

function pause(body: PbxItem): AuditSummary {
  if (body['operation'] === 'unpause') return { summary: `unpaused ${agents(body)}${queues(body)}` };
  return { summary: `paused ${agents(body)}${queues(body)}${reason(body)}` };
}

const SUMMARIES: Readonly<Record<string, (body: PbxItem) => AuditSummary>> = {
  'phone/batchcreate': (body) => {
    const phones = records(body['phone_list']);
    const kind = [text(body['vendor']), text(body['model'])].filter(Boolean).join(' ');
    const lines = phones.map((p) => `${text(p['mac'])} to extension id ${text(p['ext_id'])}`);
    return {
      summary: `added ${plural(phones.length, `${kind ? `${kind} ` : ''}phone`)}: ${named(lines)}`,
      changes: phones.map((p) => ({
        field: `phone ${text(p['mac'])}`,
        after: `extension id ${text(p['ext_id'])}`,
      })),
    };
  },
  'phone/batchupdate': (body) => {
    const phones = records(body['phone_list']);
    const lines = phones.map(
      (p) => `phone id ${text(p['id'])} to ${text(p['mac'])} on extension id ${text(p['ext_id'])}`,
    );
    return {
      summary: `changed ${plural(phones.length, 'phone')}: ${named(lines)}`,
      changes: phones.map((p) => ({
        field: `phone id ${text(p['id'])}`,
        after: `${text(p['mac'])} on extension id ${text(p['ext_id'])}`,
      })),
    };
  },
  'phone/batchdelete': (body) => ({
    summary: `deleted ${plural(ids(body).length, 'phone')} (ids ${named(ids(body))})`,
    changes: ids(body).map((id) => ({ field: `phone id ${id}`, before: 'provisioned' })),
  }),
  'phone/batchreprovision': (body) => ({
    summary: `re-provisioned ${plural(ids(body).length, 'phone')} (ids ${named(ids(body))})`,
  }),
  'cdr/aidownload': (body) => {
    const filters = [
      on('from', body['call_from']),
      on('to', body['call_to']),
      on('between', body['start_time']) &&
        `${on('between', body['start_time'])}${on('and', body['end_time'])}`,
    ].join('');
    return { summary: `downloaded the AI transcripts of calls${filters}` };
  },
  'agent/login': login,
  'queue/agent_login': login,
  'agent/pause': pause,
  'queue/agent_pause': pause,
  'call/accept_inbound': (body) => ({
    summary: `let the held call${on('on channel', body['channel_id'])} through`,
  }),
  'call/refuse_inbound': (body) => ({
    summary: `refused the held call${on('on channel', body['channel_id'])}`,
  }),
  'call/listen': (body) => ({
    summary: `started to ${LISTEN_WORDS[text(body['type'])] ?? 'listen to'} a call${on('from extension', body['monitor'])}`,
  }),
  'call/hangup': (body) => ({
    summary: body['paging_number'] ? `ended paging ${text(body['paging_number'])}` : 'hung up a call',
  }),
  'uacsta_call/refuse': (body) => ({
    summary: `refused a call ringing on desk phone ${text(body['extension'])}`,
  }),
  'uacsta_call/hangup': (body) => ({ summary: `hung up a call on desk phone ${text(body['extension'])}` }),
  'conference/kick_member': (body) => ({
    summary:
      body['member_channel_id'] === 'all'
        ? `ended conference ${text(body['number'])} for everyone`
        : `removed members from conference ${text(body['number'])}`,
  }),
  'conference/mute_member': (body) => ({
    summary: `changed who is muted in conference ${text(body['number'])}`,
  }),
  'conference/invite_member': (body) => {
    const invited = Array.isArray(body['invitemembers']) ? body['invitemembers'].map(text) : [];
    return { summary: `invited ${named(invited) || 'members'} to conference ${text(body['number'])}` };
  },
};

/** The sentence of an admin call written here, or undefined when its item's before -> after tells it. */
export function auditSummary(operation: string, body: PbxItem): AuditSummary | undefined {
  return SUMMARIES[operation]?.(body);
}
