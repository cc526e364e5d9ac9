import type { AlertLevel, AlertRule, AlertRuleKind, HealthView, QueueView } from '@switchboard/live-protocol';

/** Something wrong now: what an incident is opened for while it lasts. */
export interface Condition {
  /** Stable while the same thing is wrong: `queue:600:critical`, `agent-paused:600:1001:900`, `pbx-down:60`. */
  key: string;
  kind: AlertRuleKind;
  level: Exclude<AlertLevel, 'ok'>;
  queueId: number | null;
  subject: string;
  summary: string;
}

/** What the conditions are judged from. */
export interface ConditionInputs {
  queues: readonly QueueView[];
  health: Pick<HealthView, 'pbx' | 'pbxSince'>;
  now: number;
  /** The rules of every contact point: only what some contact point asks for is watched. */
  rules: readonly AlertRule[];
}

/** States in which an agent counts as logged in to the queue. */
const LOGGED_OUT = new Set(['logged_out', 'offline']);

/** "Sales (600)". */
export function queueSubject(queue: Pick<QueueView, 'name' | 'number'>): string {
  return queue.name ? `${queue.name} (${queue.number})` : `Queue ${queue.number}`;
}

/** "12 callers waiting, longest 4:05, service level 61 %": the figures a person acts on. */
function queueFigures(queue: QueueView, now: number): string {
  const parts = [`${queue.stats.waiting} ${queue.stats.waiting === 1 ? 'caller' : 'callers'} waiting`];
  if (queue.stats.oldestWaitingSince !== null) {
    const sec = Math.max(0, Math.floor((now - queue.stats.oldestWaitingSince) / 1000));
    parts.push(`longest ${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`);
  }
  if (queue.stats.today.serviceLevel !== null)
    parts.push(`service level ${Math.round(queue.stats.today.serviceLevel)} % today`);
  return parts.join(', ');
}

function minutesWords(sec: number): string {
  if (sec < 120) return `${sec} s`;
  return `${Math.floor(sec / 60)} min`;
}

/**
 * Everything wrong at `now` that some rule watches. While the PBX is down the queues' figures are not
 * current, so only the link's own condition is judged then (the caller keeps the queues' open incidents as
 * they were: nothing is known to have changed). Pure.
 */
export function conditionsNow(inputs: ConditionInputs): Condition[] {
  const { queues, health, now, rules } = inputs;
  const out: Condition[] = [];
  const downLimits = new Set(
    rules.filter((rule) => rule.kind === 'pbx-down').map((rule) => rule.limitSec ?? 60),
  );
  for (const limitSec of downLimits)
    if (health.pbx === 'down' && now - health.pbxSince >= limitSec * 1000)
      out.push({
        key: `pbx-down:${limitSec}`,
        kind: 'pbx-down',
        level: 'critical',
        queueId: null,
        subject: 'PBX link',
        summary: `The gateway has had no answer from the PBX for over ${minutesWords(limitSec)}: screens are not live`,
      });
  if (health.pbx === 'down') return out;

  const levels = new Set(rules.filter((rule) => rule.kind === 'queue').map((rule) => rule.level));
  const watchesNoAgents = rules.some((rule) => rule.kind === 'no-agents');
  // An agent-paused rule without a limit of its own uses the queue's (the one that turns the agent's card red).
  const pausedLimits = [
    ...new Set(rules.filter((rule) => rule.kind === 'agent-paused').map((rule) => rule.limitSec ?? 'queue')),
  ];
  for (const queue of queues) {
    const subject = queueSubject(queue);
    for (const level of ['warn', 'critical'] as const) {
      const reached = level === 'warn' ? queue.alert.level !== 'ok' : queue.alert.level === 'critical';
      if (levels.has(level) && reached)
        out.push({
          key: `queue:${queue.id}:${level}`,
          kind: 'queue',
          level,
          queueId: queue.id,
          subject,
          summary: queueFigures(queue, now),
        });
    }
    if (watchesNoAgents && !queue.agents.some((agent) => !LOGGED_OUT.has(agent.state)))
      out.push({
        key: `no-agents:${queue.id}`,
        kind: 'no-agents',
        level: 'critical',
        queueId: queue.id,
        subject,
        summary:
          queue.stats.waiting > 0
            ? `No agent is logged in, and ${queueFigures(queue, now)}`
            : 'No agent is logged in',
      });
    for (const agent of queue.agents) {
      if (agent.state !== 'paused') continue;
      const pausedSec = Math.floor((now - agent.since) / 1000);
      const reason = agent.pauseReason ? ` (${agent.pauseReason})` : '';
      // One condition per limit passed: each rule's incident keeps its key as the pause grows longer.
      for (const limit of pausedLimits) {
        const limitSec = limit === 'queue' ? queue.thresholds.maxPauseSec : limit;
        if (limitSec === null || pausedSec < limitSec) continue;
        out.push({
          key: `agent-paused:${queue.id}:${agent.number}:${limit}`,
          kind: 'agent-paused',
          level: 'warn',
          queueId: queue.id,
          subject: `Agent ${agent.number} ${agent.name} in ${subject}`.replace(/\s+/g, ' '),
          summary: `Paused${reason} for ${minutesWords(pausedSec)}, over the limit of ${minutesWords(limitSec)}`,
        });
      }
    }
  }
  return out;
}

/** Whether `rule` is the one that reports an incident of this condition key. */
export function ruleMatches(rule: AlertRule, condition: Pick<Condition, 'key' | 'kind' | 'level'>): boolean {
  if (rule.kind !== condition.kind) return false;
  if (rule.kind === 'queue') return rule.level === condition.level;
  if (rule.kind === 'agent-paused') return condition.key.endsWith(`:${rule.limitSec ?? 'queue'}`);
  if (rule.kind === 'pbx-down') return condition.key === `pbx-down:${rule.limitSec ?? 60}`;
  return true;
}
