import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';
import { FakeTokens, fakePbxPerTest, pause, WAIT_MS } from '../../test/support/fake-pbx-socket.js';
import { PBX_ERRCODE } from '../errcodes.js';
import { PbxEventStream, type PbxEventStreamState } from './event-stream.js';
import type { PbxEventStreamOptions } from './event-stream.options.js';

const { fakePbx, onCleanup } = fakePbxPerTest();

function streamOn(baseUrl: string, overrides: Partial<PbxEventStreamOptions> = {}) {
  const tokens = (overrides.tokens as FakeTokens | undefined) ?? new FakeTokens();
  const logs: string[] = [];
  const stream = new PbxEventStream({
    baseUrl,
    tokens,
    topics: [30011, 30016],
    reconnectBackoff: { initialMs: 10, maxMs: 40 },
    logger: {
      debug: (message, meta) => logs.push(`${message} ${JSON.stringify(meta)}`),
      warn: (message, meta) => logs.push(`${message} ${JSON.stringify(meta)}`),
    },
    ...overrides,
  });
  const states: PbxEventStreamState[] = [];
  stream.on('state', (state) => states.push(state));
  onCleanup(() => stream.close());
  stream.start();
  return { stream, tokens, states, logs };
}

const opened = (stream: PbxEventStream, times = 1) =>
  stream.state.status === 'open' && stream.state.reconnects >= times - 1 ? true : undefined;

/** A stream whose first connection the PBX dropped once open, now waiting `backoffMs` to reconnect. */
async function droppedAfterOpening(backoffMs: number) {
  const fake = await fakePbx();
  const { stream } = streamOn(fake.baseUrl, { reconnectBackoff: { initialMs: backoffMs, maxMs: backoffMs } });
  await waitFor(() => opened(stream), 'first open', WAIT_MS);
  fake.connections[0]?.drop();
  await waitFor(() => (stream.state.status === 'reconnecting' ? true : undefined), 'reconnecting', WAIT_MS);
  return { fake, stream };
}

describe('PbxEventStream: reconnecting', () => {
  it('reconnects after the PBX drops the socket and re-subscribes with the same topics', async () => {
    const fake = await fakePbx();
    const { stream, states } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'first open', WAIT_MS);
    fake.connections[0]?.drop();
    expect(await fake.subscription(2)).toEqual([30011, 30016]);
    await waitFor(() => opened(stream, 2), 'open after reconnect', WAIT_MS);
    expect(stream.state.reconnects).toBe(1);
    expect(states.map((state) => state.status)).toEqual([
      'connecting',
      'subscribing',
      'open',
      'reconnecting',
      'connecting',
      'subscribing',
      'open',
    ]);
    expect(states[3]?.lastError).toMatch(/connection closed \(code 1006\)/);
  });

  it('re-subscribes with topics changed while disconnected', async () => {
    const { fake, stream } = await droppedAfterOpening(200);
    stream.setTopics([30012]);
    expect(await fake.subscription(2)).toEqual([30012]);
  });

  it('reconnects with the new token when the provider renews it', async () => {
    const fake = await fakePbx();
    const { stream, tokens } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'first open', WAIT_MS);
    tokens.rotate();
    const second = await fake.connection(2);
    expect(second.token).toBe('tok-2');
    await waitFor(() => (fake.connections[0]?.closed ? true : undefined), 'old connection closed', WAIT_MS);
    await waitFor(() => opened(stream, 2), 'open with the new token', WAIT_MS);
    expect(fake.connections).toHaveLength(2);
  });

  it('ignores a change notice for the token it already uses', async () => {
    const fake = await fakePbx();
    const { stream, tokens } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    tokens.announce();
    await pause(150);
    expect(fake.connections).toHaveLength(1);
    expect(stream.state.reconnects).toBe(0);
  });

  it('keeps the connection on a token renewal when reconnectOnTokenChange is false', async () => {
    const fake = await fakePbx();
    const { stream, tokens } = streamOn(fake.baseUrl, { reconnectOnTokenChange: false });
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    tokens.rotate();
    await pause(150);
    expect(fake.connections).toHaveLength(1);
    expect(tokens.listenerCount).toBe(0);
  });

  it('invalidates the token and reconnects with a new one when the subscription is refused for it', async () => {
    const fake = await fakePbx({
      onSubscribe: (connection) =>
        connection.token === 'tok-1'
          ? { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' }
          : { errcode: 0, errmsg: 'SUCCESS' },
    });
    const { stream, tokens, states } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    expect(tokens.invalidated).toEqual(['tok-1']);
    expect(fake.connections.map((connection) => connection.token)).toEqual(['tok-1', 'tok-2']);
    expect(states.find((state) => state.status === 'reconnecting')?.lastError).toBe(
      'subscription refused: errcode 10004 INVALID ACCESS TOKEN',
    );
  });

  it('does not invalidate the token for other refusals, but still retries', async () => {
    let answers = 0;
    const fake = await fakePbx({
      onSubscribe: () =>
        answers++ === 0 ? { errcode: 40002, errmsg: 'PARAMETER ERROR' } : { errcode: 0, errmsg: 'SUCCESS' },
    });
    const { stream, tokens } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    expect(tokens.invalidated).toEqual([]);
    expect(fake.connections.map((connection) => connection.token)).toEqual(['tok-1', 'tok-1']);
  });

  it('invalidates the token when the PBX refuses the upgrade with HTTP 401', async () => {
    const fake = await fakePbx({ rejectUpgrade: (token) => (token === 'tok-1' ? 401 : undefined) });
    const { stream, tokens } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    expect(fake.refused).toEqual(['tok-1']);
    expect(tokens.invalidated).toEqual(['tok-1']);
    expect(fake.connections[0]?.token).toBe('tok-2');
  });

  it('retries when the token provider fails', async () => {
    const fake = await fakePbx();
    const tokens = new FakeTokens();
    tokens.failures = 2;
    const { stream, states } = streamOn(fake.baseUrl, { tokens });
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    expect(stream.state.reconnects).toBe(2);
    expect(states[1]?.lastError).toBe('could not get an access token: token endpoint unreachable');
  });

  it('reconnects when the subscription is not answered in time', async () => {
    const fake = await fakePbx({
      onSubscribe: (connection) =>
        connection === fake.connections[0] ? undefined : { errcode: 0, errmsg: 'SUCCESS' },
    });
    const { stream } = streamOn(fake.baseUrl, { subscribeTimeoutMs: 100 });
    await waitFor(() => opened(stream), 'open on the second connection', WAIT_MS);
    expect(fake.connections).toHaveLength(2);
    expect(fake.connections[0]?.closed).toBe(true);
    expect(stream.state.lastError).toBe('no answer to the subscription within 100 ms');
  });
  it('backs off longer after each failure and starts over after a successful subscription', async () => {
    let refusals = 4;
    const fake = await fakePbx({
      onSubscribe: () =>
        refusals-- > 0 ? { errcode: 40002, errmsg: 'PARAMETER ERROR' } : { errcode: 0, errmsg: 'SUCCESS' },
    });
    const started = Date.now();
    const { stream } = streamOn(fake.baseUrl, { reconnectBackoff: { initialMs: 40, maxMs: 10_000 } });
    await waitFor(() => opened(stream), 'open after four refusals', WAIT_MS);
    // Jittered delays of at least 20 + 40 + 80 + 160 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const dropped = Date.now();
    fake.connections.at(-1)?.drop();
    await fake.connection(6);
    // Reset: the next delay is at most 40 ms again; without the reset it would be 320-640 ms.
    expect(Date.now() - dropped).toBeLessThan(300);
  });

  it('reconnectNow skips the rest of a long backoff', async () => {
    const { fake, stream } = await droppedAfterOpening(20_000);
    const asked = Date.now();
    stream.reconnectNow();
    await waitFor(() => opened(stream, 2), 'open again without waiting out the backoff', WAIT_MS);
    expect(Date.now() - asked).toBeLessThan(2_000);
    // Nothing to skip while open: a second call does not drop the working connection.
    stream.reconnectNow();
    await pause(50);
    expect(fake.connections).toHaveLength(2);
  });
});

describe('PbxEventStream: stale connections', () => {
  it('drops and reconnects when nothing arrives for staleAfterMs', async () => {
    const fake = await fakePbx({ answerHeartbeats: false });
    const { stream } = streamOn(fake.baseUrl, { heartbeatIntervalMs: 30, staleAfterMs: 150 });
    await fake.connection(2);
    await waitFor(() => (fake.connections[0]?.closed ? true : undefined), 'stale connection closed', WAIT_MS);
    expect(fake.connections[0]?.heartbeats).toBeGreaterThan(0);
    expect(stream.state.lastError).toBe('no frame from the PBX for 150 ms');
  });

  it('heartbeat responses keep a quiet connection alive', async () => {
    const fake = await fakePbx();
    const { stream } = streamOn(fake.baseUrl, { heartbeatIntervalMs: 25, staleAfterMs: 250 });
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    await pause(750);
    expect(fake.connections).toHaveLength(1);
    expect(stream.state).toMatchObject({ status: 'open', reconnects: 0 });
  });
});

describe('PbxEventStream: close', () => {
  it('closes the socket, stops reconnecting and stops watching the token', async () => {
    const fake = await fakePbx();
    const { stream, tokens, states } = streamOn(fake.baseUrl);
    await waitFor(() => opened(stream), 'open', WAIT_MS);
    await stream.close();
    expect(stream.state.status).toBe('closed');
    await waitFor(() => (fake.connections[0]?.closed ? true : undefined), 'server saw the close', WAIT_MS);
    expect(tokens.listenerCount).toBe(0);
    tokens.rotate();
    await pause(150);
    expect(fake.connections).toHaveLength(1);
    expect(states.at(-1)?.status).toBe('closed');
    expect(() => stream.start()).toThrow(/closed/);
    await stream.close();
  });

  it('cancels a pending reconnect', async () => {
    const fake = await fakePbx();
    const baseUrl = fake.baseUrl;
    await fake.close();
    const { stream, states } = streamOn(baseUrl, { reconnectBackoff: { initialMs: 100, maxMs: 100 } });
    await waitFor(() => (stream.state.status === 'reconnecting' ? true : undefined), 'reconnecting', WAIT_MS);
    await stream.close();
    const attempts = states.filter((state) => state.status === 'connecting').length;
    await pause(300);
    expect(states.filter((state) => state.status === 'connecting').length).toBe(attempts);
    expect(stream.state.status).toBe('closed');
  });
});

describe('PbxEventStream: secrets', () => {
  it('never puts the token in state, errors or log lines', async () => {
    const secret = 'S3cr3tT0kenValue-';
    const fake = await fakePbx({
      rejectUpgrade: (token) => (token === `${secret}1` ? 403 : undefined),
      onSubscribe: (connection) =>
        connection.token === `${secret}2`
          ? { errcode: 10004, errmsg: 'INVALID ACCESS TOKEN' }
          : { errcode: 0, errmsg: 'SUCCESS' },
    });
    const { stream, states, logs } = streamOn(fake.baseUrl, { tokens: new FakeTokens(secret) });
    await waitFor(() => opened(stream), 'open with the third token', WAIT_MS);
    fake.connections.at(-1)?.drop();
    await waitFor(() => opened(stream, 4), 'open again', WAIT_MS);
    const everything = JSON.stringify({ states, logs, state: stream.state });
    expect(logs.length).toBeGreaterThan(0);
    expect(everything).not.toContain(secret);
    expect(everything).toMatch(/HTTP 403/);
  });
});
