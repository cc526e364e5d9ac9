import type { ScenarioName } from '../contracts.js';

/**
 * The shape of each scenario as numbers; the world builder turns one of these plus a seed into named
 * extensions, queues, trunks, routes, conferences and callers.
 */
export interface ScenarioDefinition {
  name: ScenarioName;
  /** Queues, numbered from 6400. */
  queues: number;
  /** Distinct extensions that are queue agents, numbered from 1001. */
  agents: number;
  /** Extensions that are not agents (supervisors, back office): conference members, monitors, internal calls. */
  staff: number;
  /** Share of agents that are also members of one or two other queues. */
  multiQueueShare: number;
  /** Share of memberships that are dynamic (log in and out); the rest are static. */
  dynamicShare: number;
  /** Share of agents whose desk phone reports calls by uaCSTA (event 30020). */
  uacstaShare: number;
  trunks: number;
  /** How many of the trunks have Control Inbound Call on. */
  controlledTrunks: number;
  /** Audio conferences, numbered from 6900. */
  conferences: number;
  /** Distinct caller numbers. */
  callerPool: number;
  /** Share of callers that are company contacts (seeded into the contact book by the record store). */
  contactShare: number;
  /** Share of calls placed by the most frequent 5% of callers (repeat callers). */
  repeatCallShare: number;
  /** Target agent occupancy from which each queue's arrival rate is derived. */
  occupancy: number;
  /** Range of mean talk times across queues, seconds. */
  talkMeanSec: readonly [number, number];
  /** Range of mean caller patience across queues, seconds (exponential). */
  patienceMeanSec: readonly [number, number];
  /** Range of wrap-up times across queues, seconds. */
  wrapUpSec: readonly [number, number];
  /** Share of generated inbound calls that arrive on a controlled trunk and are held for a decision. */
  controlledCallShare: number;
  /** Internal and outbound calls among staff per hour (whole PBX). */
  directCallsPerHour: number;
  /** Mean time between an agent's breaks, minutes. */
  breakEveryMin: number;
  /** Mean time between a dynamic agent's log-outs, minutes. */
  logoutEveryMin: number;
  /** Mean gap between conference sessions, minutes. */
  conferenceGapMin: number;
}

const base = {
  multiQueueShare: 0.2,
  dynamicShare: 0.35,
  uacstaShare: 0.6,
  contactShare: 0.15,
  repeatCallShare: 0.3,
  talkMeanSec: [150, 330],
  patienceMeanSec: [120, 300],
  wrapUpSec: [10, 45],
  controlledCallShare: 0.02,
  breakEveryMin: 150,
  logoutEveryMin: 240,
  conferenceGapMin: 40,
} as const;

/** The three scenarios. `contact-center` is the default. */
export const SCENARIOS: Readonly<Record<ScenarioName, ScenarioDefinition>> = {
  small: {
    ...base,
    name: 'small',
    queues: 1,
    agents: 8,
    staff: 4,
    trunks: 2,
    controlledTrunks: 1,
    conferences: 1,
    callerPool: 300,
    occupancy: 0.6,
    directCallsPerHour: 6,
    controlledCallShare: 0.05,
  },
  'contact-center': {
    ...base,
    name: 'contact-center',
    queues: 5,
    agents: 120,
    staff: 16,
    trunks: 4,
    controlledTrunks: 2,
    conferences: 3,
    callerPool: 3000,
    occupancy: 0.75,
    directCallsPerHour: 40,
  },
  stress: {
    ...base,
    name: 'stress',
    queues: 50,
    agents: 2000,
    staff: 100,
    trunks: 10,
    controlledTrunks: 3,
    conferences: 12,
    callerPool: 40_000,
    occupancy: 0.9,
    talkMeanSec: [90, 240],
    directCallsPerHour: 600,
    controlledCallShare: 0.01,
  },
};

/** The scenario used when none is named. */
export const DEFAULT_SCENARIO: ScenarioName = 'contact-center';

/** Whether `name` is a scenario. */
export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}
