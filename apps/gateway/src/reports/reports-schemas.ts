import type { SchemaObject } from '@nestjs/swagger';
import {
  AGENT_STATES,
  type AgentTodayFigures,
  type QueueAgentsTodayAnswer,
  type QueueDayIntervals,
  type QueueIntervalFigures,
  type QueueIntervalsAnswer,
} from '@switchboard/live-protocol';
import { epochMs, integer, listOf, objectOf, orNull, text } from '../openapi/schema-builders.js';

// JSON Schemas of the day-figure answers (live-protocol day-figures.ts), held to their types by objectOf.

const seconds = (description?: string): SchemaObject => ({
  type: 'number',
  ...(description ? { description } : {}),
});
const interval = objectOf<QueueIntervalFigures>({
  start: epochMs,
  offered: integer(),
  answered: integer(),
  abandoned: integer(),
  shortAbandoned: integer(),
  serviceLevel: orNull(seconds('percent, 0-100')),
  avgWaitSec: orNull(seconds()),
  longestWaitSec: orNull(seconds()),
});
const day = objectOf<QueueDayIntervals>({ dayStart: epochMs, intervals: listOf(interval) });

const agent = objectOf<AgentTodayFigures>({
  number: text('extension number'),
  name: text(),
  answered: integer(),
  talkSumSec: seconds(),
  avgTalkSec: orNull(seconds()),
  longestTalkSec: orNull(seconds()),
  missed: integer('rang, not answered (as the gateway saw the agent)'),
  stateSec: {
    type: 'object',
    properties: Object.fromEntries(AGENT_STATES.map((state) => [state, integer()])),
    required: [...AGENT_STATES],
  },
  pausedByReasonSec: { type: 'object', additionalProperties: integer() },
  unobservedSec: integer('seconds the gateway could not see the agent'),
  occupancy: orNull(seconds('0-1: time on calls / time logged in and not paused')),
});

export const REPORT_SCHEMAS = {
  intervals: objectOf<QueueIntervalsAnswer>(
    {
      queueId: integer(),
      timeZone: text(),
      intervalMin: integer(),
      today: day,
      lastWeek: { ...day, nullable: true },
      recountPendingSince: epochMs,
    },
    ['recountPendingSince'],
  ),
  agents: objectOf<QueueAgentsTodayAnswer>(
    {
      queueId: integer(),
      dayStart: epochMs,
      timeZone: text(),
      agents: listOf(agent),
      recountPendingSince: epochMs,
    },
    ['recountPendingSince'],
  ),
};
