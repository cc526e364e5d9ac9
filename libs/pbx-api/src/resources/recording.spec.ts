import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PbxApiError, type RecordingRef } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

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

// What list and search send and refuse, and how iterate pages: record-requests.spec.ts, refusals.spec.ts
// and iterate.spec.ts.
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
