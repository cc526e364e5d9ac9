import { describe, expect, it } from 'vitest';
import {
  parseAgentLogin,
  parseAgentPause,
  parsePauseReasonsQuery,
  parseUnblock,
  parseAuditQuery,
  parseDecide,
  parseKick,
  parseListen,
  parseResync,
  parseSubscribe,
  parseUacstaRefuse,
  type Result,
} from './index.js';

/** The fields a refused payload names, in order; none when it was taken. */
const fieldsOf = (result: Result<unknown>) =>
  result.ok ? [] : (result.error.fields ?? []).map((f) => f.field);

describe('command payloads', () => {
  it('decide accepts a call id and a known decision', () => {
    expect(parseDecide({ callId: '1.2', decision: 'refuse_and_block' })).toEqual({
      ok: true,
      data: { callId: '1.2', decision: 'refuse_and_block' },
    });
  });

  it('decide names every bad field', () => {
    const result = parseDecide({ callId: '', decision: 'maybe' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_payload');
    expect(result.error.fields?.map((f) => f.field)).toEqual(['callId', 'decision']);
  });

  it('text with a lone surrogate or over its length is a field error, never passed on', () => {
    expect(fieldsOf(parseListen({ agent: '10\uD800', monitor: '2001', mode: 'listen' }))).toEqual(['agent']);
    expect(fieldsOf(parseUacstaRefuse({ extension: '\uDC001', callId: '7' }))).toEqual(['extension']);
    expect(fieldsOf(parseKick({ conference: '6300', members: ['PJSIP/1-\uD83D'] }))).toEqual(['members']);
    expect(fieldsOf(parseDecide({ callId: 'x'.repeat(65_000), decision: 'accept' }))).toEqual(['callId']);
    expect(parseListen({ agent: '1001', monitor: '2001 \uD83D\uDE00', mode: 'listen' }).ok).toBe(true);
  });

  it('non-objects are refused, not thrown', () => {
    for (const bad of [null, undefined, 3, 'x', []]) {
      expect(parseDecide(bad).ok).toBe(false);
      expect(parseSubscribe(bad).ok).toBe(false);
    }
  });

  it('subscribe takes known stream ids only', () => {
    expect(parseSubscribe({ streams: ['queue:1', 'inbound'] }).ok).toBe(true);
    expect(parseSubscribe({ streams: ['queue:1', 'secrets'] }).ok).toBe(false);
    expect(parseSubscribe({ streams: [] }).ok).toBe(false);
    expect(parseResync({ stream: 'health' }).ok).toBe(true);
    expect(parseResync({ stream: 'queue:' }).ok).toBe(false);
  });

  it('kick takes a list of channel ids or all', () => {
    expect(parseKick({ conference: '6900', members: 'all' })).toMatchObject({
      ok: true,
      data: { members: 'all' },
    });
    expect(parseKick({ conference: '6900', members: ['PJSIP/1-1'] }).ok).toBe(true);
    expect(parseKick({ conference: '6900', members: [] }).ok).toBe(false);
    expect(parseKick({ conference: '6900', members: [3] }).ok).toBe(false);
  });

  it('agent login, listen, uacsta and audit', () => {
    expect(parseAgentLogin({ extension: '1001', operation: 'login', queueIds: [1, 2] }).ok).toBe(true);
    expect(parseAgentLogin({ extension: '1001', operation: 'login' })).toEqual({
      ok: true,
      data: { extension: '1001', operation: 'login' },
    });
    expect(parseAgentLogin({ extension: '1001', operation: 'login', queueIds: [0] }).ok).toBe(false);
    expect(parseListen({ agent: '1001', monitor: '1999', mode: 'barge' }).ok).toBe(true);
    expect(parseListen({ agent: '1001', monitor: '1999', mode: 'shout' }).ok).toBe(false);
    expect(parseUacstaRefuse({ extension: '1001', callId: '32789' }).ok).toBe(true);
    expect(parseAuditQuery(undefined)).toEqual({ ok: true, data: { limit: 100 } });
    expect(parseAuditQuery({ limit: 1000 }).ok).toBe(false);
  });
});

describe('agent actions', () => {
  it('pause takes an extension, a reason code, a duration and queues; unpause only the first and queues', () => {
    expect(
      parseAgentPause({
        extension: '1001',
        operation: 'pause',
        reason: '*01',
        durationSec: 900,
        queueIds: [1],
      }),
    ).toEqual({
      ok: true,
      data: { extension: '1001', operation: 'pause', reason: '*01', durationSec: 900, queueIds: [1] },
    });
    expect(parseAgentPause({ extension: '1001', operation: 'unpause' })).toEqual({
      ok: true,
      data: { extension: '1001', operation: 'unpause' },
    });
  });

  it('pause names every bad field: a duration the PBX refuses, a reason on an unpause, bad queues', () => {
    expect(fieldsOf(parseAgentPause({ extension: '', operation: 'stop' }))).toEqual([
      'extension',
      'operation',
    ]);
    expect(fieldsOf(parseAgentPause({ extension: '1001', operation: 'pause', durationSec: 9 }))).toEqual([
      'durationSec',
    ]);
    expect(fieldsOf(parseAgentPause({ extension: '1001', operation: 'pause', durationSec: 1.5 }))).toEqual([
      'durationSec',
    ]);
    expect(fieldsOf(parseAgentPause({ extension: '1001', operation: 'pause', durationSec: 86_400 }))).toEqual(
      ['durationSec'],
    );
    expect(fieldsOf(parseAgentPause({ extension: '1001', operation: 'unpause', reason: '*01' }))).toEqual([
      'reason',
    ]);
    expect(
      fieldsOf(parseAgentPause({ extension: '1001', operation: 'pause', reason: 'x'.repeat(17) })),
    ).toEqual(['reason']);
    expect(fieldsOf(parseAgentPause({ extension: '1001', operation: 'pause', queueIds: [0] }))).toEqual([
      'queueIds',
    ]);
    expect(parseAgentPause(null).ok).toBe(false);
  });

  it('unblock takes a call id; the pause-reasons request takes nothing', () => {
    expect(parseUnblock({ callId: '1.2' })).toEqual({ ok: true, data: { callId: '1.2' } });
    expect(fieldsOf(parseUnblock({ callId: 7 }))).toEqual(['callId']);
    expect(parsePauseReasonsQuery(undefined).ok).toBe(true);
    expect(parsePauseReasonsQuery({}).ok).toBe(true);
    expect(parsePauseReasonsQuery('all').ok).toBe(false);
  });
});
