/**
 * Contract: recording/search and recording/download (both steps) of libs/pbx-api against the simulator seeded
 * with a day of recorded history calls: search filters, a real WAV file streamed whole or by range, a 416, a
 * link renewed by the client after /sim/faults expired it, and refusals injected into either step.
 */
import type { Readable } from 'node:stream';
import { PBX_ERRCODE, PbxApiError, type CdrRecord, type Recording } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/sim-harness.js';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
  rejectionOf,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get } = contractSuite({ history: 30 });
let recordings: Recording[];
let cdrByCall: Map<string, CdrRecord>;
beforeAll(async () => {
  recordings = (await ctx.client.recording.list({ page_size: 10_000 })).data;
  const cdrs = (await ctx.client.cdr.search({ page_size: 10_000 })).data;
  cdrByCall = new Map(cdrs.map((c) => [c.uid ?? '', c]));
});

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A recording of at least a few seconds, with its CDR. */
function sample(index = 0): { recording: Recording; cdr: CdrRecord } {
  const long = recordings.filter((r) => (cdrByCall.get(r.uid)?.talk_duration ?? 0) >= 5);
  const recording = long[index];
  const cdr = recording && cdrByCall.get(recording.uid);
  if (!recording || !cdr) throw new Error(`no recording #${index} of 5 s or more`);
  return { recording, cdr };
}

describe('recording/list', () => {
  it('every archive state is one of the four the guide lists; an archived file has its path', () => {
    const states = new Set(recordings.map((r) => r.archive_status));
    expect([...states].sort()).toEqual(['failed', 'jump_over', 'retry', 'success']);
    for (const recording of recordings) {
      expect(recording.archive_type).toBe('sftp');
      expect(recording.archive_path !== '').toBe(recording.archive_status === 'success');
    }
  });
});

describe('recording/search', () => {
  it('ids answers exactly those recordings', async () => {
    const wanted = recordings.slice(1, 4).map((r) => r.id);
    const found = await ctx.client.recording.search({ ids: wanted.join(',') });
    expect(found.total_number).toBe(3);
    expect(found.data.map((r) => r.id).sort()).toEqual([...wanted].sort());
  });

  it('caller and a time range in Unix seconds find a known call, and only matching ones', async () => {
    const { recording, cdr } = sample(2);
    const at = cdr.timestamp ?? 0;
    const found = await ctx.client.recording.search({
      caller: recording.call_from_number ?? '',
      start_time: String(at - 60),
      end_time: String(at + 60),
    });
    expect(found.data.map((r) => r.id)).toContain(recording.id);
    for (const r of found.data) {
      expect(r.call_from_number).toBe(recording.call_from_number);
      expect(Math.abs((cdrByCall.get(r.uid)?.timestamp ?? 0) - at)).toBeLessThanOrEqual(60);
    }
    const callee = await ctx.client.recording.search({ callee: recording.call_to_number ?? '' });
    expect(callee.data.map((r) => r.id)).toContain(recording.id);
    expect((await ctx.client.recording.search({ caller: '0000000' })).data).toEqual([]);
  });

  itReportsPbxFailure(get, 'recording/search', (client) => client.recording.search({ caller: '1' }));

  itHonoursTheContract(get, 'recording/search', {
    valid: (client) => client.recording.search({ page_size: 5 }),
    invalid: invalidAsSent({ start_time: '2025/01/06 08:00:00' }, 'start_time', (client, input) =>
      client.recording.search(input),
    ),
  });
});

describe('recording/download', () => {
  it('step 1 answers the file name and a link by id or by file; an unknown recording is 40004', async () => {
    const { recording } = sample();
    const byId = await ctx.client.recording.downloadLink({ id: recording.id });
    expect(byId).toMatchObject({
      file: recording.file,
      download_resource_url: expect.stringMatching(/^\/api\/download\/.+\.wav$/),
    });
    const byFile = await ctx.client.recording.downloadLink({ file: recording.file });
    expect(byFile.file).toBe(recording.file);
    expect(byFile.download_resource_url).not.toBe(byId.download_resource_url);
    await expectPbxError(ctx.client.recording.downloadLink({ id: 99_999 }), PBX_ERRCODE.NOT_FOUND);
    await expectPbxError(ctx.client.recording.downloadLink({ file: 'nothing.wav' }), PBX_ERRCODE.NOT_FOUND);
  });

  it('streams the whole recording: a WAV of the talk time, as long as the size the lists report', async () => {
    const { recording, cdr } = sample();
    const stream = await ctx.client.recording.open({ id: recording.id });
    expect(stream).toMatchObject({
      file: recording.file,
      status: 200,
      headers: {
        'content-type': 'audio/wav',
        'accept-ranges': 'bytes',
        'content-length': String(recording.size),
      },
    });
    const file = await bytesOf(stream.body);
    expect(file.length).toBe(recording.size);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(40) / 16_000).toBe(cdr.talk_duration);
    const again = await bytesOf((await ctx.client.recording.open({ id: recording.id })).body);
    expect(again.equals(file)).toBe(true);
  });

  it('serves a byte range with 206 and Content-Range, and 416 for a range past the end', async () => {
    const { recording } = sample(1);
    const whole = await bytesOf((await ctx.client.recording.open({ id: recording.id })).body);
    const part = await ctx.client.recording.open({ id: recording.id }, { range: 'bytes=1001-3000' });
    expect(part.status).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 1001-3000/${recording.size}`,
      'content-length': '2000',
    });
    expect((await bytesOf(part.body)).equals(whole.subarray(1001, 3001))).toBe(true);
    const past = await ctx.client.recording.open({ id: recording.id }, { range: `bytes=${recording.size}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${recording.size}`);
    expect(await bytesOf(past.body)).toHaveLength(0);
  });

  it('renews a link the PBX expired without the caller noticing', async () => {
    const { recording } = sample(2);
    const links = () => ctx.sim.stats.requestCount('recording/download');
    const files = () => ctx.sim.stats.requestCount('download');
    (await ctx.client.recording.open({ id: recording.id })).body.destroy();
    const [linksBefore, filesBefore] = [links(), files()];
    const expired = await post(ctx.sim.url, '/sim/faults', { expireDownloadLinks: true });
    expect(expired.body['expired_download_links']).toBeGreaterThan(0);
    const stream = await ctx.client.recording.open({ id: recording.id }, { range: 'bytes=0-3' });
    expect((await bytesOf(stream.body)).toString('ascii')).toBe('RIFF');
    // The cached link was tried and refused, a new one fetched, and the file fetched with it.
    expect([links() - linksBefore, files() - filesBefore]).toEqual([1, 2]);
  });

  it('a refusal of the file (injected on download) is a PbxApiError without the token or the link', async () => {
    const { recording } = sample(3);
    await ctx.injectError('download', PBX_ERRCODE.SERVER_BUSY);
    try {
      const error = await rejectionOf(ctx.client.recording.open({ id: recording.id }));
      expect(error).toBeInstanceOf(PbxApiError);
      expect((error as PbxApiError).errcode).toBe(PBX_ERRCODE.SERVER_BUSY);
      expect((error as Error).message).not.toMatch(/access_token|\/api\/download/);
    } finally {
      await ctx.clearFaults();
    }
    await ctx.injectError('recording/download', PBX_ERRCODE.SERVER_BUSY);
    try {
      await expectPbxError(ctx.client.recording.open({ id: recording.id }), PBX_ERRCODE.SERVER_BUSY);
    } finally {
      await ctx.clearFaults();
    }
  });

  it('a revoked token is renewed for the file too', async () => {
    const { recording } = sample(4);
    (await ctx.client.recording.open({ id: recording.id })).body.destroy();
    await ctx.revokeTokens();
    const before = ctx.tokenRequests();
    const stream = await ctx.client.recording.open({ id: recording.id }, { range: 'bytes=0-3' });
    expect((await bytesOf(stream.body)).toString('ascii')).toBe('RIFF');
    expect(ctx.tokenRequests()).toBeGreaterThan(before);
  });

  itHonoursTheContract(get, 'recording/download', {
    valid: (client) => client.recording.downloadLink({ id: sample().recording.id }),
    invalid: invalidAsSent({}, 'id|file', (client, input) => client.recording.downloadLink(input)),
  });
});
