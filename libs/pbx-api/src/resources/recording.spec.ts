import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PbxApiError, type Recording, type RecordingRef } from '../index.js';
import { clientOn, FakePbx, ok, type SeenRequest } from '../../test/support/fake-pbx.js';

const recording = (id: number): Recording => ({
  id,
  time: '2025/08/22 16:44:40',
  uid: `u${id}`,
  call_from: '2001',
  call_to: '5551234',
  duration: 30,
  size: 48_000,
  call_type: 'Outbound',
  file: `r${id}.wav`,
  archive_status: '',
});

function recordingPages(total: number, withTotal = true) {
  const all = Array.from({ length: total }, (_, i) => recording(i + 1));
  return (request: SeenRequest) => {
    const page = Number(request.query['page']);
    const size = Number(request.query['page_size']);
    const data = all.slice((page - 1) * size, page * size);
    return { body: ok(withTotal ? { total_number: total, data } : { data }) };
  };
}

describe('RecordingResource', () => {
  it('list sends GET v1.0 recording/list with paging and sorting and returns the recordings', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [recording(1)] }) });
    const result = await clientOn(fake).recording.list({
      page: 1,
      page_size: 10,
      sort_by: 'time',
      order_by: 'desc',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/recording/list',
      query: { page: '1', page_size: '10', sort_by: 'time', order_by: 'desc', access_token: 'test-token' },
    });
    expect(result.data).toEqual([recording(1)]);
    await expect(clientOn(fake).recording.list({ sort_by: 'size' as 'id' })).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'enum' }],
    });
  });

  it('iterate requests pages in order with the sorting and stops after the short page', async () => {
    const fake = new FakePbx().otherwise(recordingPages(5, false));
    const ids: number[] = [];
    for await (const r of clientOn(fake).recording.iterate({
      page_size: 2,
      sort_by: 'id',
      order_by: 'asc',
    })) {
      ids.push(r.id);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query['sort_by']])).toEqual([
      ['1', '2', 'id'],
      ['2', '2', 'id'],
      ['3', '2', 'id'],
    ]);
  });

  it('iterate over no recordings asks once with 100 per page', async () => {
    const fake = new FakePbx().otherwise(recordingPages(0));
    const ids: number[] = [];
    for await (const r of clientOn(fake).recording.iterate()) ids.push(r.id);
    expect(ids).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.query).toMatchObject({ page: '1', page_size: '100' });
  });

  it('search sends GET v1.0 recording/search with Unix-second times, parties and ids', async () => {
    const fake = new FakePbx().reply({
      body: ok({ total_number: 2, data: [recording(449), recording(506)] }),
    });
    const result = await clientOn(fake).recording.search({
      start_time: '1755820800',
      end_time: '1755907199',
      caller: '2001',
      callee: '5551234',
      ids: '449,506',
      sort_by: 'id',
      order_by: 'desc',
    });
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/recording/search' });
    expect(fake.last.query).toEqual({
      start_time: '1755820800',
      end_time: '1755907199',
      caller: '2001',
      callee: '5551234',
      ids: '449,506',
      sort_by: 'id',
      order_by: 'desc',
      access_token: 'test-token',
    });
    expect(result.data.map((r) => r.id)).toEqual([449, 506]);
  });

  it('search refuses a display-format time before sending and answers [] when the PBX leaves data out', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 0 }) });
    const client = clientOn(fake);
    await expect(client.recording.search({ start_time: '2025/08/22 00:00:00' })).rejects.toMatchObject({
      violations: [{ field: 'start_time', rule: 'format' }],
    });
    expect(fake.requests).toHaveLength(0);
    expect((await client.recording.search({ caller: '2001' })).data).toEqual([]);
  });
});

const LINK = '/api/download/Recording-7-download-abc.wav';
const linkAnswer = (path = LINK) => ({ body: ok({ file: 'r7.wav', download_resource_url: path }) });
const audio = (bytes = 'RIFFdata', status = 200) => ({
  status,
  body: Readable.from([Buffer.from(bytes)]),
  headers: { 'content-type': 'audio/wav', 'content-length': String(bytes.length), 'accept-ranges': 'bytes' },
});
const envelope = (errcode: number) => ({
  body: Readable.from([Buffer.from(JSON.stringify({ errcode, errmsg: 'NOT FOUND' }))]),
  headers: { 'content-type': 'application/json; charset=utf-8' },
});
async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('RecordingResource downloads', () => {
  afterEach(() => vi.useRealTimers());

  it('downloadLink sends GET recording/download with id or file, exactly one of them', async () => {
    const fake = new FakePbx().otherwise(linkAnswer());
    const client = clientOn(fake);
    expect(await client.recording.downloadLink({ id: 7 })).toMatchObject({
      file: 'r7.wav',
      download_resource_url: LINK,
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/recording/download',
      query: { id: '7' },
    });
    await client.recording.downloadLink({ file: 'r7.wav' });
    expect(fake.last.query).toMatchObject({ file: 'r7.wav' });
    for (const bad of [{}, { id: 7, file: 'r7.wav' }]) {
      await expect(client.recording.downloadLink(bad as RecordingRef)).rejects.toMatchObject({
        violations: [{ field: 'id|file', rule: 'required' }],
      });
    }
    expect(fake.requests).toHaveLength(2);
  });

  it('downloadLink refuses a link that is not an /api/download/ path of this PBX', async () => {
    const fake = new FakePbx().reply(linkAnswer('https://elsewhere.example/x.wav'));
    await expect(clientOn(fake).recording.downloadLink({ id: 7 })).rejects.toMatchObject({
      code: 'transport',
    });
  });

  it('open fetches the link, then streams the file with the token, the range and the User-Agent', async () => {
    const fake = new FakePbx().reply(linkAnswer()).reply(audio('RIFF1234', 206));
    const stream = await clientOn(fake).recording.open({ id: 7 }, { range: 'bytes=0-7' });
    expect(fake.last).toMatchObject({ method: 'GET', path: LINK, query: { access_token: 'test-token' } });
    expect(fake.last.headers).toMatchObject({ range: 'bytes=0-7', 'user-agent': expect.any(String) });
    expect(stream).toMatchObject({
      file: 'r7.wav',
      status: 206,
      headers: { 'content-type': 'audio/wav', 'content-length': '8', 'accept-ranges': 'bytes' },
    });
    expect(await text(stream.body)).toBe('RIFF1234');
  });

  it('open reuses a link for 25 minutes, then asks for a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fake = new FakePbx()
      .reply(linkAnswer())
      .reply(audio())
      .reply(audio())
      .reply(linkAnswer())
      .reply(audio());
    const client = clientOn(fake);
    await client.recording.open({ id: 7 });
    vi.advanceTimersByTime(24 * 60_000);
    await client.recording.open({ id: 7 });
    expect(fake.requests.filter((r) => r.path.endsWith('recording/download'))).toHaveLength(1);
    vi.advanceTimersByTime(2 * 60_000);
    await client.recording.open({ id: 7 });
    expect(fake.requests.filter((r) => r.path.endsWith('recording/download'))).toHaveLength(2);
  });

  it('open renews an expired link once, by itself, when the file answers an errcode envelope', async () => {
    const fresh = '/api/download/Recording-7-download-new.wav';
    const fake = new FakePbx()
      .reply(linkAnswer())
      .reply(envelope(40004))
      .reply(linkAnswer(fresh))
      .reply(audio('ok'));
    const stream = await clientOn(fake).recording.open({ id: 7 });
    expect(await text(stream.body)).toBe('ok');
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/openapi/v1.0/recording/download',
      LINK,
      '/openapi/v1.0/recording/download',
      fresh,
    ]);
  });

  it('open fails with PbxApiError when the renewed link is refused too, naming neither token nor link', async () => {
    const fake = new FakePbx()
      .reply(linkAnswer())
      .reply(envelope(40004))
      .reply(linkAnswer())
      .reply(envelope(40004));
    const error = await clientOn(fake)
      .recording.open({ id: 7 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxApiError);
    expect(error).toMatchObject({ errcode: 40004, operation: 'recording/download' });
    expect(String((error as Error).message)).not.toMatch(/test-token|Recording-7-download/);
    expect(fake.requests).toHaveLength(4);
  });

  it('open reports an HTTP failure of the file as a transport error without the link', async () => {
    const fake = new FakePbx().reply(linkAnswer()).reply({ status: 500, body: Readable.from(['oops']) });
    const error = await clientOn(fake)
      .recording.open({ id: 7 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'transport', status: 500 });
    expect(String((error as Error).message)).not.toMatch(/test-token|Recording-7-download/);
  });
});
