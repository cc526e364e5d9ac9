import { describe, expect, it, vi } from 'vitest';
import 'reflect-metadata';
import {
  AUDIT_ACTIONS,
  auditSentence,
  type AuditEntryView,
  type Result,
  type SessionInfo,
} from '@switchboard/live-protocol';
import { AuditFeed } from '../audit/audit-feed.js';
import { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import { SocketSessionsService } from '../live/socket-sessions.service.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import type { HeldCallsService } from '../inbound/held-calls.service.js';
import type { LiveSocket } from '../live/socket-types.js';
import type { AgentPauseService } from '../supervision/agent-pause.service.js';
import type { MonitorService } from '../supervision/monitor.service.js';
import type { SupervisionService } from '../supervision/supervision.service.js';
import type { UacstaService } from '../uacsta/uacsta.service.js';
import { CommandsGateway } from './commands.gateway.js';

const FEATURES = { listen: true, agentLogin: true, uacsta: true };
const session = (role: SessionInfo['role'], display = false): SessionInfo => ({
  user: role,
  role,
  queues: 'all',
  display,
  features: FEATURES,
  holdWindowMs: 10_000,
});

function setup(principal: Principal | undefined, options: { allow?: boolean; current?: boolean } = {}) {
  const audit = new AuditService(100, () => 1);
  const results: [string, string][] = [];
  const expired: string[] = [];
  const decide = vi.fn(async () => {
    throw new Error('secret internal detail: db password=hunter2');
  });
  const kick = vi.fn(async () => ({ ok: true as const, data: { kicked: 'all' as const } }));
  const supervision = {
    kick,
    mayActOnExtension: (_session: SessionInfo, extension: string) => extension === '1001',
    queuesOf: (extension: string) => (extension === '1001' ? [1] : extension === '2001' ? [2] : []),
    agentName: (extension: string) => (extension === '1001' ? 'Bo Ek' : null),
    queueNames: (ids: number[]) => ids.map((id) => `Q${id}`).join(', '),
  };
  const feed = new AuditFeed(audit);
  const pause = vi.fn(async () => ({ ok: true as const, data: { done: true as const } }));
  const pauses = {
    pause,
    reasonText: (code: string | undefined) => (code === '*01' ? 'Lunch' : undefined),
    reasonList: async () => ({
      ok: true,
      data: { reasons: [{ code: '*01', reason: 'Lunch' }], fetchedAt: 1 },
    }),
  };
  const gateway = new CommandsGateway(
    // The real access rule (admitCommand) over a fake socket table and session check.
    Object.assign(Object.create(SocketSessionsService.prototype) as object, {
      principalOf: () => principal,
      allowCommand: () => options.allow ?? true,
      expire: (_socket: LiveSocket, reason: string) => expired.push(reason),
      auth: { isCurrent: async () => options.current ?? true },
    }) as unknown as SocketSessionsService,
    audit,
    {
      commandResult: (command: string, result: string) => results.push([command, result]),
    } as unknown as MetricsService,
    {
      decide,
      shownQueueOf: () => 2,
      shownCall: () => ({ from: '5550100', trunk: 'Sales', defaultDestination: 'queue Sales (6400)' }),
    } as unknown as HeldCallsService,
    { refuse: async () => ({ ok: true, data: { refused: true } }) } as unknown as UacstaService,
    supervision as unknown as SupervisionService,
    {
      stop: async () => ({
        ok: false,
        error: { code: 'not_found', message: 'No monitor of yours is running.' },
      }),
      check: async () => ({ ok: true, data: { number: '2001', name: null } }),
      listen: async () => ({ ok: false, error: { code: 'not_found', message: 'no call' } }),
    } as unknown as MonitorService,
    feed,
    pauses as unknown as AgentPauseService,
  );
  return { gateway, audit, results, expired, decide, kick, feed, pause, socket: {} as LiveSocket };
}

/** Signed in through the trusted proxy, with no desk phone of its own. */
const proxied = (session: SessionInfo): Principal => ({
  session,
  source: { kind: 'proxy' },
  extension: null,
});
const supervisor = proxied(session('supervisor'));
/** A supervisor of queue 1 only. */
const supq = proxied({ ...session('supervisor'), user: 'supq', queues: [1] });

describe('CommandsGateway', () => {
  it('runs a valid command for a supervisor, counts it and audits it', async () => {
    const { gateway, audit, results, kick, socket } = setup(supervisor);
    expect(await gateway.kick(socket, { conference: '6900', members: 'all' })).toEqual({
      ok: true,
      data: { kicked: 'all' },
    });
    expect(kick).toHaveBeenCalledWith({ conference: '6900', members: 'all' }, supervisor);
    expect(results).toEqual([['conference:kick', 'ok']]);
    expect(audit.recent(1)[0]).toMatchObject({
      user: 'supervisor',
      action: 'conference:kick',
      target: 'conference 6900: all members',
      result: 'ok',
    });
  });

  it('pauses an agent: audited with the reason in words and the length, scoped to its queues', async () => {
    const { gateway, audit, pause, socket } = setup(supervisor);
    const command = { extension: '1001', operation: 'pause', reason: '*01', durationSec: 900 } as const;
    expect(await gateway.agentPause(socket, command)).toEqual({ ok: true, data: { done: true } });
    expect(pause).toHaveBeenCalledWith(command, supervisor);
    const entry = audit.recent(1)[0];
    expect(entry).toMatchObject({
      action: 'agent:pause',
      target: 'extension 1001 pause reason *01 for 900 s',
      queues: [1],
      facts: { extension: '1001', agentName: 'Bo Ek', operation: 'pause', reason: 'Lunch, for 15 min' },
    });
    expect(entry && auditSentence(entry)).toBe('supervisor paused Bo Ek (1001) (Lunch, for 15 min)');
  });

  it('agent:pause-reasons answers the list and is not audited; a bad pause never reaches the service', async () => {
    const { gateway, audit, pause, socket } = setup(supervisor);
    expect(await gateway.pauseReasons(socket, {})).toMatchObject({
      ok: true,
      data: { reasons: [{ code: '*01' }] },
    });
    expect(
      await gateway.agentPause(socket, { extension: '1001', operation: 'pause', durationSec: 5 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'durationSec' }] },
    });
    expect(pause).not.toHaveBeenCalled();
    expect(audit.recent(10).map((e) => e.action)).toEqual(['agent:pause']);
  });

  it('refuses viewers and display links with forbidden before touching the PBX', async () => {
    for (const who of [session('viewer'), session('viewer', true), { ...session('admin'), display: true }]) {
      const { gateway, kick, socket } = setup(proxied(who));
      expect(await gateway.kick(socket, { conference: '6900', members: 'all' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
      expect(kick).not.toHaveBeenCalled();
      const { gateway: again, pause } = setup(proxied(who));
      for (const attempt of [
        again.agentPause(socket, { extension: '1001', operation: 'unpause' }),
        again.pauseReasons(socket, {}),
        again.unblock(socket, { callId: '1.2' }),
      ])
        expect(await attempt).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(pause).not.toHaveBeenCalled();
    }
  });

  it('answers rate_limited when the connection sends too fast, without auditing it', async () => {
    const { gateway, audit, results, kick, socket } = setup(supervisor, { allow: false });
    expect(await gateway.kick(socket, { conference: '6900', members: 'all' })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    expect(kick).not.toHaveBeenCalled();
    expect(results).toEqual([['conference:kick', 'rate_limited']]);
    expect(audit.recent(10)).toEqual([]);
  });

  it('closes the socket when its session ended since the handshake', async () => {
    const { gateway, expired, socket } = setup(supervisor, { current: false });
    expect(await gateway.kick(socket, { conference: '6900', members: 'all' })).toMatchObject({
      error: { code: 'unauthorized' },
    });
    expect(expired).toHaveLength(1);
  });

  it('names the invalid fields', async () => {
    const { gateway, audit, socket } = setup(supervisor);
    expect(await gateway.kick(socket, { conference: '', members: [] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'conference' }, { field: 'members' }] },
    });
    expect(audit.recent(1)[0]).toMatchObject({ result: 'error', target: '' });
  });

  it('never lets internal error text reach the browser', async () => {
    const { gateway, audit, socket } = setup(supervisor);
    const answer = await gateway.decide(socket, { callId: 'c1', decision: 'accept' });
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) as string } });
    expect(JSON.stringify(answer)).not.toContain('hunter2');
    expect(JSON.stringify(audit.recent(1))).not.toContain('hunter2');
  });

  it('records the queues of each target and shows a scoped supervisor only its part of the trail', async () => {
    const { gateway, audit, socket } = setup(supq);
    expect(await gateway.refuseUacsta(socket, { extension: '2001', callId: '7' })).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect((await gateway.refuseUacsta(socket, { extension: '1001', callId: '8' })).ok).toBe(true);
    await gateway.decide(socket, { callId: 'c9', decision: 'accept' });
    expect(audit.recent(3).map((e) => [e.action, e.target, e.queues])).toEqual([
      ['inbound:decide', 'c9 (accept)', [2]],
      ['uacsta:refuse', 'extension 1001 call 8', [1]],
      ['uacsta:refuse', 'extension 2001 call 7', [2]],
    ]);
    audit.record({
      user: 'ann',
      action: 'call:listen',
      target: 'listen 2001',
      result: 'ok',
      detail: '',
      queues: [2],
    });
    audit.record({
      user: 'ann',
      action: 'call:listen',
      target: 'listen 1001',
      result: 'ok',
      detail: '',
      queues: [1],
    });
    audit.record({
      user: 'ann',
      action: 'conference:kick',
      target: 'conference 6900',
      result: 'ok',
      detail: '',
    });
    const seen = (await gateway.recentAudit(socket, { limit: 10 })) as Result<AuditEntryView[]>;
    // Its own entries (whatever their queue) and ann's about queue 1; not ann's about queue 2 or no queue.
    expect(seen.ok && seen.data.map((e) => `${e.user} ${e.target}`)).toEqual([
      'ann listen 1001',
      'supq c9 (accept)',
      'supq extension 1001 call 8',
      'supq extension 2001 call 7',
    ]);
    expect(audit.recent(10, supervisor.session)).toHaveLength(6);
  });

  it('pushes each new entry to the followers that may read it, and stops at disconnect', async () => {
    const { gateway, audit, feed } = setup(supq);
    const pushed: AuditEntryView[] = [];
    let disconnect = () => undefined as void;
    const socket = {
      connected: true,
      emit: (event: string, entry: AuditEntryView) => event === 'audit:entry' && pushed.push(entry),
      once: (_event: string, listener: () => void) => (disconnect = listener),
    } as unknown as LiveSocket;
    audit.record({
      user: 'ann',
      action: 'call:listen',
      target: 'old',
      result: 'ok',
      detail: '',
      queues: [1],
    });
    const first = await gateway.followAudit(socket, { limit: 5 });
    expect(first.ok && first.data.map((e) => e.target)).toEqual(['old']);
    audit.record({ user: 'ann', action: 'call:listen', target: 'q1', result: 'ok', detail: '', queues: [1] });
    audit.record({ user: 'ann', action: 'call:listen', target: 'q2', result: 'ok', detail: '', queues: [2] });
    await gateway.refuseUacsta(socket, { extension: '1001', callId: '8' });
    expect(pushed.map((e) => e.target)).toEqual(['q1', 'extension 1001 call 8']);
    expect(auditSentence(pushed[1] as AuditEntryView)).toBe(
      'supq refused the call ringing on Bo Ek (1001)’s desk phone',
    );
    disconnect();
    expect(feed.size).toBe(0);
    audit.record({
      user: 'ann',
      action: 'call:listen',
      target: 'late',
      result: 'ok',
      detail: '',
      queues: [1],
    });
    expect(pushed).toHaveLength(2);
  });

  it('writes every command it audits under an action that has a sentence', async () => {
    const { gateway, audit, socket } = setup(supervisor);
    const prototype = CommandsGateway.prototype as unknown as Record<string, unknown>;
    const handled: string[] = [];
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const message: unknown = Reflect.getMetadata('message', prototype[name] as object);
      if (typeof message !== 'string') continue;
      handled.push(message);
      const handler = (gateway as unknown as Record<string, (s: LiveSocket, p: unknown) => Promise<unknown>>)[
        name
      ];
      await handler?.call(gateway, socket, {});
    }
    expect(handled).toContain('inbound:decide');
    const written = audit.recent(100).map((entry) => entry.action);
    expect(written.length).toBeGreaterThan(4);
    expect(written.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('answers unauthorized for a socket without a principal', async () => {
    const { gateway, socket } = setup(undefined);
    expect(await gateway.recentAudit(socket, {})).toMatchObject({ error: { code: 'unauthorized' } });
  });
});
