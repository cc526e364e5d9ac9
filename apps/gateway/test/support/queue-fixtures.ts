import type { QueueThresholds, QueueTodayStats } from '@switchboard/live-protocol';
import type { QueueAgent, QueueCallEntry, QueueCallStatusResponse } from '@switchboard/pbx-api';
import type { QueueMeta } from '../../src/queues/queue-state.model.js';

/** Test data builders shared by the queue specs. */
export const THRESHOLDS: QueueThresholds = {
  waiting: { warn: 3, critical: 6 },
  longestWaitSec: { warn: 60, critical: 120 },
  serviceLevel: { warn: 80, critical: 60 },
  serviceLevelSec: 20,
  maxPauseSec: 900,
};

export const META: QueueMeta = {
  id: 7,
  number: '6400',
  name: 'Sales',
  thresholds: THRESHOLDS,
  pollIntervalMs: 2_000,
};

export const TODAY: QueueTodayStats = {
  dayStart: 0,
  timeZone: 'UTC',
  offered: 0,
  answered: 0,
  abandoned: 0,
  shortAbandoned: 0,
  answeredWithinThreshold: 0,
  serviceLevel: null,
  avgWaitSec: null,
  avgTalkSec: null,
};

export function agent(number: string, fields: Partial<QueueAgent> = {}): QueueAgent {
  return {
    name: `Agent ${number}`,
    number,
    is_login: 1,
    is_pause: 0,
    call_status: 1, // idle (docs/pbx/queues-and-agents.md#call_status-values)
    pause_reason: '',
    agent_type: 'dynamic',
    ...fields,
  };
}

export function entry(callId: string, caller: string, callee: string, duration: number): QueueCallEntry {
  return {
    call_id: callId,
    caller_number: caller,
    caller_display_name: `Caller ${caller}`,
    callee_number: callee,
    callee_display_name: '',
    duration,
  };
}

export function calls(
  lists: Partial<Pick<QueueCallStatusResponse, 'waiting_list' | 'ringing_list' | 'active_list'>> = {},
): QueueCallStatusResponse {
  const waiting = lists.waiting_list ?? [];
  const ringing = lists.ringing_list ?? [];
  const active = lists.active_list ?? [];
  return {
    errcode: 0,
    errmsg: 'SUCCESS',
    waiting_calls: waiting.length,
    ringing_calls: ringing.length,
    active_calls: active.length,
    waiting_list: waiting,
    ringing_list: ringing,
    active_list: active,
  };
}
