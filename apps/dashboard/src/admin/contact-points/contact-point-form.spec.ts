import { DEFAULT_CHANNEL_RULES, parseAlertChannelRequest } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import {
  buildChannelRequest,
  emptyDraft,
  fieldErrorsOf,
  type ContactPointDraft,
  type RuleDraft,
} from './contact-point-form.js';

/** The request a filled-in form makes; fails the test when the form refuses it. */
function request(draft: ContactPointDraft) {
  const built = buildChannelRequest(draft);
  if (!built.ok) throw new Error(`the form refused: ${JSON.stringify(built.errors)}`);
  return built.request;
}

const tick = (draft: ContactPointDraft, key: RuleDraft['key'], changes: Partial<RuleDraft> = {}) => {
  const rule = draft.rules.find((r) => r.key === key);
  if (!rule) throw new Error(`no condition ${key}`);
  Object.assign(rule, { on: true, ...changes });
};

describe('the contact point form', () => {
  it('starts from the default rules and makes a body the gateway accepts as it is', () => {
    const draft = { ...emptyDraft(), name: ' Night phone ', url: 'https://hooks.example.com/x?y=1' };
    const sent = request(draft);
    expect(sent).toEqual({
      kind: 'webhook',
      name: 'Night phone',
      url: 'https://hooks.example.com/x?y=1',
      queues: 'all',
      rules: DEFAULT_CHANNEL_RULES,
      quietHours: null,
      dailySummary: false,
    });
    const parsed = parseAlertChannelRequest(JSON.parse(JSON.stringify(sent)));
    expect(parsed).toEqual({ ok: true, data: sent });
  });

  it('sends every ticked condition with its timings in seconds, chosen queues and quiet hours', () => {
    const draft: ContactPointDraft = {
      ...emptyDraft('email'),
      name: 'Team lead',
      address: ' lead@example.com ',
      allQueues: false,
      queues: ['2', '5', '2'],
      quietFrom: '22:00',
      quietTo: '07:00',
      dailySummary: true,
    };
    tick(draft, 'queue-warn', { dwellSec: 0, cooldownMin: 0, repeatMin: 0 });
    tick(draft, 'no-agents', { dwellSec: 60, cooldownMin: 30, repeatMin: 60 });
    tick(draft, 'agent-paused', { pauseMin: 20 });
    tick(draft, 'pbx-down', { limitSec: 120 });
    const sent = request(draft);
    expect(sent.address).toBe('lead@example.com');
    expect(sent.queues).toEqual([2, 5]);
    expect(sent.quietHours).toEqual({ from: '22:00', to: '07:00' });
    expect(sent.rules).toEqual([
      { kind: 'queue', level: 'warn', dwellSec: 0, cooldownSec: 0, repeatSec: 0 },
      { kind: 'queue', level: 'critical', dwellSec: 30, cooldownSec: 600, repeatSec: 900 },
      { kind: 'no-agents', dwellSec: 60, cooldownSec: 1800, repeatSec: 3600 },
      { kind: 'agent-paused', limitSec: 1200, dwellSec: 30, cooldownSec: 600, repeatSec: 900 },
      { kind: 'pbx-down', limitSec: 120, dwellSec: 0, cooldownSec: 600, repeatSec: 900 },
    ]);
    expect(parseAlertChannelRequest(JSON.parse(JSON.stringify(sent)))).toEqual({ ok: true, data: sent });
  });

  it('sends no address for phone notifications, and the queue’s own pause limit when none is typed', () => {
    const draft: ContactPointDraft = { ...emptyDraft('webpush'), name: 'Phones', url: 'left over' };
    draft.rules.forEach((rule) => (rule.on = false));
    tick(draft, 'agent-paused');
    const sent = request(draft);
    expect(sent).not.toHaveProperty('url');
    expect(sent).not.toHaveProperty('address');
    expect(sent.rules).toEqual([{ kind: 'agent-paused', dwellSec: 30, cooldownSec: 600, repeatSec: 900 }]);
    expect(parseAlertChannelRequest(JSON.parse(JSON.stringify(sent)))).toEqual({ ok: true, data: sent });
  });

  it('names what is missing or out of bounds before anything is sent', () => {
    const draft: ContactPointDraft = {
      ...emptyDraft('slack'),
      allQueues: false,
      quietFrom: '22:00',
    };
    tick(draft, 'queue-critical', { dwellSec: '', repeatMin: 5000 });
    const built = buildChannelRequest(draft);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.errors).sort()).toEqual([
      'name',
      'queues',
      'quietHours',
      'rule-queue-critical',
      'url',
    ]);
    expect(built.errors['rule-queue-critical']).toBe(
      'Wait before sending: enter seconds from 0 to 3600. Repeat: 0 to 1440 minutes.',
    );
    draft.rules.forEach((rule) => (rule.on = false));
    const none = buildChannelRequest({
      ...draft,
      name: 'x',
      url: 'https://a.example',
      allQueues: true,
      quietFrom: '',
    });
    expect(none).toEqual({ ok: false, errors: { rules: 'Tick at least one condition to report.' } });
  });

  it('puts the gateway’s refusal on the fields it names, rules on the condition that made them', () => {
    const draft = { ...emptyDraft(), name: 'Hook', url: 'http://127.0.0.1:9/x' };
    const sent = request(draft);
    const mapped = fieldErrorsOf(
      [
        {
          field: 'url',
          message: '127.0.0.1 is a loopback address: list it in ALERT_TARGETS_ALLOWED to allow it',
        },
        { field: 'rules[1].limitSec', message: 'must be whole seconds from 5 to 86400' },
        { field: 'quietHours.from', message: 'must be "HH:MM" (24 h)' },
        { field: '(payload)', message: 'has unknown fields: x' },
      ],
      sent,
    );
    expect(mapped.errors).toEqual({
      url: '127.0.0.1 is a loopback address: list it in ALERT_TARGETS_ALLOWED to allow it.',
      'rule-pbx-down': 'Limit must be whole seconds from 5 to 86400.',
      quietHours: 'Quiet hours must be "HH:MM" (24 h).',
    });
    expect(mapped.rest).toEqual(['(payload) has unknown fields: x.']);
  });
});
