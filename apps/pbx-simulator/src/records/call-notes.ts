/**
 * Call notes of answered queue calls (docs/pbx/records.md#call-notes): the agent types a note during the call
 * (`in_call`) and completes it with disposition codes during wrap-up (`queue_agent`). The earlier revision is
 * the history, the last one is current. Contents are derived from the seed and the call, so nothing extra is
 * stored.
 */
import type { CallNote, DispositionCode } from '@switchboard/pbx-api';
import type { FinishedCall } from '../contracts.js';
import type { DisplayTime } from '../support/display-time.js';
import { SeededRandom } from '../support/seeded-random.js';

/** The PBX's disposition code catalogue in every scenario. */
export const DISPOSITION_CODES: readonly DispositionCode[] = [
  { id: 1, name: 'Resolved', description: 'Issue resolved on the first call' },
  { id: 2, name: 'Follow-up', description: 'Agent will call the customer back' },
  { id: 3, name: 'Sales lead', description: 'Customer interested in buying' },
  { id: 4, name: 'Complaint', description: 'Customer complaint recorded' },
  { id: 5, name: 'Escalated', description: 'Passed to a supervisor' },
  { id: 6, name: 'Wrong number', description: 'Caller dialled the wrong number' },
];

const FIRST_REMARKS = [
  'Caller asks about an invoice',
  'Delivery is late, caller wants a date',
  'Password reset requested',
  'Interested in upgrading the plan',
  'Billing address needs a change',
  'Handset does not power on',
];

const FOLLOW_UPS = [
  'explained the charges, customer satisfied',
  'new delivery date confirmed by e-mail',
  'reset link sent and verified',
  'quote sent, call back next week',
  'address updated in the CRM',
  'replacement ordered under warranty',
];

/** The note id of a call: local start time and five hex digits, e.g. `20250306093306-5E6B3`. */
export function noteIdFor(call: FinishedCall, seed: number, display: DisplayTime): string {
  const random = SeededRandom.forKey(seed, `note:${call.call_id}`);
  return `${display.compact(call.timestamp + call.ring_duration)}-${random.hex(5)}`;
}

/** The note's revisions: `history` (earlier) and `current` (latest). */
export function noteRevisions(
  call: FinishedCall,
  noteId: string,
  seed: number,
  agentName: string,
): { history: CallNote[]; current: CallNote } {
  const random = SeededRandom.forKey(seed, `note-body:${call.call_id}`);
  const topic = random.int(0, FIRST_REMARKS.length - 1);
  const answeredAt = call.timestamp + call.ring_duration;
  const code = DISPOSITION_CODES[random.int(0, DISPOSITION_CODES.length - 1)] as DispositionCode;
  const base = { id: noteId, group_id: call.call_id, agent_name: agentName };
  const first: CallNote = {
    ...base,
    disposition_code_list: [],
    remark: FIRST_REMARKS[topic] ?? '',
    registration_time: answeredAt + Math.floor(call.talk_duration / 2),
    update_entry: 'in_call',
  };
  const current: CallNote = {
    ...base,
    disposition_code_list: [code],
    remark: `${FIRST_REMARKS[topic] ?? ''}; ${FOLLOW_UPS[topic] ?? ''}`,
    registration_time: call.timestamp + call.duration + random.int(5, 40),
    update_entry: 'queue_agent',
  };
  return { history: [first], current };
}

/** Revisions callnotes/update may add to one note; older updates then leave the history first. */
export const MAX_NOTE_UPDATES = 50;

/**
 * The seeded revisions followed by the updates: the latest update is current, everything before it history.
 */
export function withUpdates(
  revisions: { history: CallNote[]; current: CallNote },
  updates: readonly CallNote[] | undefined,
): { history: CallNote[]; current: CallNote } {
  const latest = updates?.at(-1);
  if (!updates || !latest) return revisions;
  return { history: [...revisions.history, revisions.current, ...updates.slice(0, -1)], current: latest };
}

/** Disposition codes by id (text `1,3`), in the order given; the ids that name no code are returned apart. */
export function dispositionCodesOf(ids: string): { codes: DispositionCode[]; unknown: string[] } {
  const codes: DispositionCode[] = [];
  const unknown: string[] = [];
  for (const part of ids.split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const code = DISPOSITION_CODES.find((candidate) => String(candidate.id) === String(Number(part)));
    if (code) codes.push(code);
    else unknown.push(part);
  }
  return { codes, unknown };
}
