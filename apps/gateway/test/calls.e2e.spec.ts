import type {
  CallDetail,
  CallNoteEvent,
  CallSearchAnswer,
  CallSummary,
  CallTranscript,
  HeldCallView,
  QueueView,
  RestResult,
  TicketLink,
} from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/auth/token-signer.js';
import { CallTickets } from '../src/calls/call-tickets.js';
import type { RunningGateway } from '../src/create-app.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, rest, waitFor, type TestClient } from './support/command-client.js';
import { queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** Finished calls the simulator seeds over the day before today: more than one 10,000-record PBX page. */
const HISTORY = 10_500;
const log = (line: string) => console.log(`[calls] ${line}`);

/** `2026-11-24T08:00:00` of an instant in UTC (the site zone of the test gateway). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Counts the records of an RFC 4180 CSV read as a stream (quoted line breaks do not end a record). */
async function csvRecords(body: ReadableStream<Uint8Array>): Promise<{ records: number; header: string }> {
  const decoder = new TextDecoder();
  let quoted = false;
  let records = 0;
  let header = '';
  let headerDone = false;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    for (const char of text) {
      if (!headerDone) header += char;
      if (char === '"') quoted = !quoted;
      else if (char === '\n' && !quoted) {
        records++;
        headerDone = true;
      }
    }
  }
  return { records, header: header.trim() };
}

/**
 * Call history against the real simulator over HTTP, one stack: search by caller and time range, detail with
 * the note, transcript, recording links (tickets) and ranged playback, scope (a supervisor of queue 1 and a
 * queue-2 call), a 10,000-row CSV export, live note updates on 30028, an expired PBX link renewed, and a PBX
 * refusing the download.
 */
describe('call history: search, detail, recordings, export and live notes', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let admin: string;
  let supq: string;
  let recorded: CallSummary;
  let queue2Call: CallSummary;
  let socket: TestClient | undefined;

  const get = <T>(path: string, token = admin) => rest<RestResult<T>>(gateway.url, 'GET', path, token);
  const post = <T>(path: string, body: unknown, token = admin) =>
    rest<RestResult<T>>(gateway.url, 'POST', path, token, body);
  const data = <T>(answer: { status: number; body: RestResult<T> }): T => {
    if (!answer.body.ok) throw new Error(`HTTP ${answer.status}: ${answer.body.error.message}`);
    return answer.body.data;
  };
  const recordingLink = async (id: string, download = false) =>
    data(await post<TicketLink>(`/api/calls/${id}/recording-link`, { download }));
  const ranged = (url: string, range?: string) =>
    fetch(`${gateway.url}${url}`, range ? { headers: { range } } : {});
  const downloads = async () => (await sim.stats()).requests.by_operation['recording/download'] ?? 0;

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      {
        scenario: 'contact-center',
        seed: 7,
        trafficRate: 0,
        extraArgs: ['--history', String(HISTORY)],
        startTimeoutMs: 20_000,
      },
      { QUEUES: '1,2', POLL_QUEUES_MS: '1000', PBX_MAX_REQUESTS_PER_SECOND: '100' },
    ));
    await queues1And2Polled(gateway, 15_000);
    const queues = gateway.app.get(QueuesService);
    admin = tokenFor(gateway, 'admin');
    supq = tokenFor(gateway, 'supq');

    // Known calls: the newest answered, recorded and noted one, and one of queue 2 that touches nothing of queue 1.
    const page = data(await get<CallSearchAnswer>('/api/calls?status=ANSWERED&pageSize=500'));
    const numbers = (id: number) => {
      const view = queues.view(id) as QueueView;
      return new Set([view.number, ...view.agents.map((agent) => agent.number)]);
    };
    const [q1, q2] = [numbers(1), numbers(2)];
    recorded = page.calls.find((c) => c.hasRecording && c.hasNote && c.talkSec > 5) as CallSummary;
    queue2Call = page.calls.find(
      (c) => c.hasRecording && q2.has(c.to) && !q1.has(c.to) && !q1.has(c.from),
    ) as CallSummary;
    expect(recorded, 'an answered call with a recording and a note').toBeDefined();
    expect(queue2Call, 'a recorded call of queue 2 only').toBeDefined();
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await stopStack(gateway, sim);
  });

  it('finds a known call by caller and time range, and says what is wrong with a bad query', async () => {
    const at = recorded.startedAt as number;
    const query = `caller=${recorded.from}&from=${local(at - 60_000)}&to=${local(at + 60_000)}`;
    const found = data(await get<CallSearchAnswer>(`/api/calls?${query}`));
    expect(found.calls.map((c) => c.id)).toContain(recorded.id);
    expect(found.calls.every((c) => c.from === recorded.from)).toBe(true);
    // A window that ends before the call does not find it.
    const before = data(
      await get<CallSearchAnswer>(`/api/calls?caller=${recorded.from}&to=${local(at - 1_000)}`),
    );
    expect(before.calls.map((c) => c.id)).not.toContain(recorded.id);

    const bad = await get('/api/calls?from=yesterday&pageSize=10001&status=LOST');
    expect(bad.status).toBe(400);
    expect(!bad.body.ok && bad.body.error.fields?.map((f) => f.field).sort()).toEqual([
      'from',
      'pageSize',
      'status',
    ]);
  });

  it('shows the detail with the note and its history, and the transcript', async () => {
    const detail = data(await get<CallDetail>(`/api/calls/${recorded.id}`));
    expect(detail).toMatchObject({ id: recorded.id, status: 'ANSWERED', disposition: 'answered' });
    expect(detail.caller.number).toBe(recorded.from);
    expect(detail.recording).toEqual({ available: true });
    expect(detail.note?.current?.codes.length).toBeGreaterThan(0);
    expect(detail.note?.current?.scenario).toBe('during wrap-up');
    expect(detail.note?.history.map((r) => r.scenario)).toContain('during the call');

    const transcript = data(await get<CallTranscript>(`/api/calls/${recorded.id}/transcript`));
    expect(transcript.legs.length).toBeGreaterThan(0);
    expect(transcript.legs[0]?.entries.length).toBeGreaterThan(0);
    expect(transcript.summary).toEqual(expect.any(String));
    // Now known, so the detail says so.
    expect(data(await get<CallDetail>(`/api/calls/${recorded.id}`)).transcript).toEqual({ available: true });

    const missing = await get(`/api/calls/978307200-nosuch`);
    expect(missing.status).toBe(404);
    expect(!missing.body.ok && missing.body.error.message).toMatch(/no call/);
  });

  it('streams the recording with ranges through a ticket bound to the call; refuses others and expired ones', async () => {
    const started = Date.now();
    const link = await recordingLink(recorded.id);
    const first = await ranged(link.url, 'bytes=0-65535');
    const head = Buffer.from(await first.arrayBuffer());
    log(`playback start: link + first 64 KB in ${Date.now() - started} ms`);
    expect(first.status).toBe(206);
    expect(first.headers.get('content-type')).toBe('audio/wav');
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    const size = Number(/\/(\d+)$/.exec(first.headers.get('content-range') ?? '')?.[1]);
    expect(first.headers.get('content-range')).toBe(`bytes 0-65535/${size}`);
    expect(head.length).toBe(65_536);
    expect(head.subarray(0, 4).toString()).toBe('RIFF');
    expect(head.subarray(8, 12).toString()).toBe('WAVE');

    const middle = await ranged(link.url, 'bytes=1000-1099');
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(head.subarray(1000, 1100));
    const whole = await ranged(link.url);
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get('content-length'))).toBe(size);
    await whole.body?.cancel();

    const download = await ranged((await recordingLink(recorded.id, true)).url, 'bytes=0-3');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/);

    // The ticket of one call does not open another; an expired ticket or none is refused in the one shape.
    const other = await ranged(link.url.replace(recorded.id, queue2Call.id), 'bytes=0-1');
    expect(other.status).toBe(401);
    const expired = new CallTickets(gateway.app.get(TokenSigner), { isRevoked: () => false }, -1_000).issue({
      user: 'admin',
      purpose: 'play',
      subject: recorded.id,
    });
    const late = await ranged(`/api/calls/${recorded.id}/recording?ticket=${expired.ticket}`);
    expect(late.status).toBe(401);
    expect(((await late.json()) as RestResult<never>).ok).toBe(false);
    expect((await ranged(`/api/calls/${recorded.id}/recording`)).status).toBe(401);

    // Signing out ends the links that sign-in handed out, before they expire.
    const leaving = tokenFor(gateway, 'admin');
    const held = data(await post<TicketLink>(`/api/calls/${recorded.id}/recording-link`, {}, leaving));
    expect((await ranged(held.url, 'bytes=0-3')).status).toBe(206);
    expect((await post('/api/auth/logout', {}, leaving)).status).toBe(200);
    const after = await ranged(held.url, 'bytes=0-3');
    expect(after.status).toBe(401);
    expect(((await after.json()) as RestResult<never>).ok).toBe(false);
  });

  it('keeps a queue-2 call from a supervisor of queue 1: 403 for detail, transcript and recording, absent from search', async () => {
    for (const path of [`/api/calls/${queue2Call.id}`, `/api/calls/${queue2Call.id}/transcript`])
      expect((await get(path, supq)).status, path).toBe(403);
    expect((await post(`/api/calls/${queue2Call.id}/recording-link`, {}, supq)).status).toBe(403);
    const search = data(await get<CallSearchAnswer>(`/api/calls?caller=${queue2Call.from}`, supq));
    expect(search.calls.map((c) => c.id)).not.toContain(queue2Call.id);
    // Their own queue's calls they do see.
    const own = data(await get<CallSearchAnswer>('/api/calls?status=ANSWERED&pageSize=50', supq));
    expect(own.calls.length).toBeGreaterThan(0);
  });

  it('streams a CSV export of more than 10,000 calls', async () => {
    const started = Date.now();
    const link = data(await post<TicketLink>('/api/calls/export-link', {}));
    const answer = await fetch(`${gateway.url}${link.url}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const { records, header } = await csvRecords(answer.body as ReadableStream<Uint8Array>);
    log(`CSV export: ${records - 1} rows in ${Date.now() - started} ms`);
    expect(header).toMatch(/^Call id,Started \(site time\),From,/);
    expect(records - 1).toBeGreaterThanOrEqual(10_000);
    // The export was audited.
    const audit = data(await get<{ action: string }[]>('/api/audit?limit=50'));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['calls:export', 'call:recording']),
    );
  });

  it('pushes the updated note to a watching screen after callnotes/update (30028)', async () => {
    socket = await connectClient(gateway.url, admin);
    const watched = await socket.command<{ watching: string }>('calls:watch', { id: recorded.id });
    expect(watched).toEqual({ ok: true, data: { watching: recorded.id } });
    const notes: CallNoteEvent[] = [];
    socket.socket.on('call:note', (event) => notes.push(event));
    // The note's ids, as an admin reads them from the raw record.
    const startSec = String((recorded.startedAt as number) / 1000);
    const raw = data(
      await post<{ data: { new_id?: string; call_note_id?: string; call_note?: { group_id: string } }[] }>(
        '/api/pbx/cdr/search',
        { start_time: startSec, end_time: startSec },
      ),
    ).data.find((r) => recorded.id.endsWith(`-${r.new_id}`));
    const remark = `called back ${Date.now()}`;
    data(
      await post('/api/pbx/callnotes/update', {
        id: raw?.call_note_id,
        group_id: raw?.call_note?.group_id,
        remark,
        update_entry: 'in_call',
      }),
    );
    await waitFor(
      () => notes.some((n) => n.note?.current?.remark === remark),
      'call:note with the new remark',
      5_000,
    );
    expect(notes[0]?.callId).toBe(recorded.id);
  });

  it('shows a held caller’s last call (outcome, note remark, AI summary) in the prompt once looked up', async () => {
    socket ??= await connectClient(gateway.url, admin);
    expect((await socket.subscribe(['inbound'])).granted).toEqual(['inbound']);
    // The route of /sim/world to queue 1: DID 8005551000 on peer-to-41, a trunk with Control Inbound Call.
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: recorded.from,
      to: '8005551000',
      trunk_name: 'peer-to-41',
    });
    expect(held.status).toBe(200);
    const prompt = () =>
      (socket?.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find(
        (call) => call.callId === held.body.call_id,
      );
    await waitFor(() => prompt()?.context.lastCall, 'the prompt’s last call', 10_000);
    const lastCall = prompt()?.context.lastCall;
    expect(lastCall?.callId).toMatch(/^\d+-/);
    expect(lastCall?.status).toEqual(expect.any(String));
    const previous = data(await get<CallDetail>(`/api/calls/${lastCall?.callId}`));
    expect(previous.from).toBe(recorded.from);
    expect(lastCall?.noteRemark ?? null).toBe(previous.note?.current?.remark || null);
    if (previous.status === 'ANSWERED') expect(lastCall?.summary).toEqual(expect.any(String));
  });

  it('renews an expired PBX link transparently, and says so clearly when the PBX refuses the download', async () => {
    const link = await recordingLink(recorded.id);
    expect((await ranged(link.url, 'bytes=0-15')).status).toBe(206);
    const before = await downloads();
    await sim.post('/sim/faults', { expireDownloadLinks: true });
    const renewed = await ranged(link.url, 'bytes=0-15');
    expect(renewed.status).toBe(206);
    expect(
      Buffer.from(await renewed.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    expect(await downloads()).toBe(before + 1);

    await sim.post('/sim/faults', {
      errorRate: 1,
      errcodes: [-1],
      operations: ['recording/download', 'download'],
    });
    try {
      const refused = await ranged(link.url, 'bytes=0-15');
      expect(refused.status).toBe(502);
      const body = (await refused.json()) as RestResult<never>;
      expect(!body.ok && body.error.code).toBe('pbx_error');
      expect(!body.ok && body.error.message).toMatch(/refused to give the recording/);
    } finally {
      await sim.post('/sim/faults', { clear: true });
    }
  });
});
