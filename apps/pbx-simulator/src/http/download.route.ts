/**
 * `GET /api/download/<file>?access_token=` (step 2 of docs/pbx/records.md#ai-transcription-download and
 * docs/pbx/records.md#recording-download): an AI transcription file as a JSON array of legs, or a recording
 * as a WAV file streamed in chunks with HTTP Range support. The link is a file URL, fetched without headers on
 * the guide's page, so no User-Agent is required (docs/pbx/records.md#recording-download). An unknown or expired
 * link, a bad token or a blocked IP answer the errcode envelope with an HTTP error status, never 200: a client
 * that stores what a 200 brings must not save an error as the recording.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import type { TokenStore } from '../auth/token-store.js';
import type { FaultState } from '../control/fault-state.js';
import type { SimStats } from '../control/sim-stats.js';
import { aiLegsOf } from '../records/ai-transcript.js';
import { aiFileCalls } from '../records/cdr.handlers.js';
import { recordFileOf } from '../records/cdr-render.js';
import type { DownloadLinks } from '../records/download-links.js';
import type { RecordStore } from '../records/record-store.js';
import { wavBytes, wavSize } from '../records/recording-audio.js';
import { parseRange } from './byte-range.js';
import { delay, sendJson } from './http-io.js';

/** What the download route needs. */
export interface DownloadRouteOptions {
  tokens: TokenStore;
  faults: FaultState;
  stats: SimStats;
  links: DownloadLinks;
  records: RecordStore;
}

/** Path prefix of download links. */
export const DOWNLOAD_PREFIX = '/api/download/';

const EXPIRED = 'unknown file or the download link expired (links work 30 minutes)';

/** Serves one download request. */
export async function handleDownload(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  clientIp: string,
  options: DownloadRouteOptions,
): Promise<void> {
  const { tokens, faults, stats, links, records } = options;
  request.resume();
  stats.countRequest('download');
  const fail = (errcode: number, status = httpStatusOf(errcode), extra: Record<string, unknown> = {}) => {
    stats.countErrcode(errcode);
    sendJson(response, status, { errcode, errmsg: PBX_ERRMSG[errcode] ?? 'FAILURE', ...extra });
  };
  if (faults.isDown()) {
    if (faults.downMode === 'reset') response.socket?.destroy();
    else fail(PBX_ERRCODE.SERVER_BUSY, 503);
    return;
  }
  const wait = faults.delayMs();
  if (wait > 0) await delay(wait);
  if (request.method !== 'GET')
    return fail(PBX_ERRCODE.FAILURE, 405, { detail: `downloads take GET, got ${request.method}` });
  if (tokens.isBlocked(clientIp)) return fail(PBX_ERRCODE.IP_BLOCKED);
  if (tokens.check(url.searchParams.get('access_token')) === undefined)
    return fail(PBX_ERRCODE.TOKEN_INVALID);
  const injected = faults.injectedErrcode('download');
  if (injected !== undefined) return fail(injected);
  let name: string;
  try {
    name = decodeURIComponent(url.pathname.slice(DOWNLOAD_PREFIX.length));
  } catch {
    name = '';
  }
  const target = links.get(name);
  if (!target) return fail(PBX_ERRCODE.NOT_FOUND, 404, { detail: EXPIRED });
  if (target.kind === 'ai') {
    const calls = aiFileCalls(records, target.params, target.upToSeq);
    const legs = calls.flatMap((stored) => aiLegsOf(stored, records.context.seed, records.context.display));
    legs.forEach((leg, index) => (leg.leg = index + 1));
    return sendJson(response, 200, legs, { 'Content-Disposition': `attachment; filename="${name}"` });
  }
  const stored = records.findRecording(target.recordingId);
  // The call left the simulator's store since the link was issued: the file is gone, as on a PBX.
  if (!stored) return fail(PBX_ERRCODE.NOT_FOUND, 404, { detail: EXPIRED });
  const talk = stored.call.talk_duration;
  const size = wavSize(talk);
  const range = parseRange(request.headers.range, size);
  const headers: Record<string, string | number> = {
    'Content-Type': 'audio/wav',
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `attachment; filename="${recordFileOf(stored, records.context.display)}"`,
  };
  if (range.kind === 'unsatisfiable') {
    response.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
    response.end();
    return;
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  response.writeHead(range.kind === 'partial' ? 206 : 200, {
    ...headers,
    'Content-Length': end - start + 1,
    ...(range.kind === 'partial' ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
  });
  const body = Readable.from(wavBytes(records.context.seed, target.recordingId, talk, start, end));
  // A listener that goes away mid-file ends the stream; nothing else is to be done about it.
  await pipeline(body, response).catch(() => undefined);
}

/** The HTTP status of a refused download: the error's kind, never 200. */
function httpStatusOf(errcode: number): number {
  if (errcode === PBX_ERRCODE.TOKEN_INVALID) return 401;
  if (errcode === PBX_ERRCODE.IP_BLOCKED) return 403;
  if (errcode === PBX_ERRCODE.NOT_FOUND) return 404;
  if (errcode === PBX_ERRCODE.SERVER_BUSY) return 503;
  return 500;
}
