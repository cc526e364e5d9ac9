import type {
  AlertChannelKind,
  AlertChannelView,
  AlertRule,
  DeliveryView,
  QueueRef,
  QuietHours,
} from '@switchboard/live-protocol';

/** Each kind of contact point in words, as the list and the form name it. */
export const KIND_WORDS: Record<AlertChannelKind, string> = {
  webhook: 'Webhook (signed JSON)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  email: 'Email',
  webpush: 'Phone notifications',
};

/** "30 s", "90 s", "10 min", "2 h", "2 min 30 s": under two minutes in seconds, else the largest whole unit. */
export function durationWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** " for 30 s" after a condition, nothing when it counts at once. */
const held = (dwellSec: number): string => (dwellSec > 0 ? ` for ${durationWords(dwellSec)}` : '');
/** " (+30 s)" after a condition with a limit of its own: the dwell comes on top of it. */
const more = (dwellSec: number): string => (dwellSec > 0 ? ` (+${durationWords(dwellSec)})` : '');

/** What one rule reports, in words: "Queue critical for 30 s", "PBX link down 60 s". */
export function ruleWords(rule: AlertRule): string {
  switch (rule.kind) {
    case 'queue':
      return rule.level === 'warn'
        ? `Queue warning or critical${held(rule.dwellSec)}`
        : `Queue critical${held(rule.dwellSec)}`;
    case 'no-agents':
      return `No agent logged in${held(rule.dwellSec)}`;
    case 'agent-paused':
      return rule.limitSec === undefined
        ? `Agent paused over the queue’s limit${more(rule.dwellSec)}`
        : `Agent paused over ${durationWords(rule.limitSec)}${more(rule.dwellSec)}`;
    case 'pbx-down':
      return `PBX link down ${durationWords(rule.limitSec ?? 60)}${more(rule.dwellSec)}`;
  }
}

/** How patiently a rule repeats itself: "repeats every 15 min · quiet 10 min after a message". */
export function ruleTiming(rule: AlertRule): string {
  const repeat = rule.repeatSec > 0 ? `repeats every ${durationWords(rule.repeatSec)}` : 'no reminders';
  const cooldown = rule.cooldownSec > 0 ? ` · quiet ${durationWords(rule.cooldownSec)} after a message` : '';
  return `${repeat}${cooldown}`;
}

/** Every rule of a contact point in one line: "Queue critical for 30 s · PBX link down 60 s". */
export function rulesInWords(rules: readonly AlertRule[]): string {
  return rules.map(ruleWords).join(' · ');
}

/** "All queues", or the queues by name ("Queue 7" for one this screen does not know). */
export function queuesInWords(queues: 'all' | readonly number[], known: readonly QueueRef[]): string {
  if (queues === 'all') return 'All queues';
  return queues.map((id) => known.find((queue) => queue.id === id)?.name ?? `Queue ${id}`).join(', ');
}

/** "22:00–07:00 (site time)", or "None". */
export function quietHoursWords(quiet: QuietHours | null): string {
  return quiet ? `${quiet.from}–${quiet.to} (site time)` : 'None';
}

/** A contact point's deliveries in a word or two, with the mark that shows it without colour. */
export const DELIVERY_WORDS: Record<AlertChannelView['delivery']['state'], { word: string; mark: string }> = {
  never: { word: 'Never used', mark: '○' },
  ok: { word: 'Delivering', mark: '●' },
  retrying: { word: 'Retrying', mark: '▲' },
  failing: { word: 'Failing', mark: '✖' },
};

/** What an attempt came to, in words. */
export const RESULT_WORDS: Record<DeliveryView['result'], string> = {
  ok: 'Delivered',
  retrying: 'Failed, will retry',
  'gave-up': 'Failed, gave up',
  skipped: 'Skipped',
};

/** What a message was, in words. */
export const MESSAGE_WORDS: Record<DeliveryView['message'], string> = {
  'incident.opened': 'Alert opened',
  'incident.reminder': 'Reminder',
  'incident.resolved': 'Resolved',
  test: 'Test',
  summary: 'Morning summary',
};

/** "HTTP 200" or "SMTP 250": the receiver's answer to an attempt; null when none came. */
export function statusWords(status: number | null, kind: AlertChannelKind): string | null {
  if (status === null) return null;
  return `${kind === 'email' ? 'SMTP' : 'HTTP'} ${status}`;
}

/** The outcome of a Test, in a sentence: "Test delivered (HTTP 200, 35 ms)." or "Test failed (…): why." */
export function testOutcomeWords(attempt: DeliveryView, kind: AlertChannelKind): string {
  const answer = statusWords(attempt.status, kind);
  const status = answer === null ? '' : `${answer}, `;
  const took = `${status}${attempt.durationMs} ms`;
  if (attempt.result === 'ok') return `Test delivered (${took}).`;
  const why = attempt.error ?? 'no reason given';
  return attempt.result === 'retrying'
    ? `Test failed (${took}): ${why}. It will be retried.`
    : `Test failed (${took}): ${why}.`;
}
