/**
 * `GET /api/download/<file>?access_token=` (step 2 of docs/pbx/records.md#ai-transcription-download): the AI
 * transcription file as a JSON array of legs. An unknown or expired link, a bad token or a blocked IP answer
 * an errcode envelope (HTTP 200).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import type { TokenStore } from '../auth/token-store.js';
import type { FaultState } from '../control/fault-state.js';
import type { SimStats } from '../control/sim-stats.js';
import type { AiFileStore } from '../records/ai-files.js';
import { aiLegsOf } from '../records/ai-transcript.js';
import type { RecordStore } from '../records/record-store.js';
import { delay, sendJson } from './http-io.js';

/** What the download route needs. */
export interface DownloadRouteOptions {
  tokens: TokenStore;
  faults: FaultState;
  stats: SimStats;
  files: AiFileStore;
  records: RecordStore;
}

/** Path prefix of download links. */
export const DOWNLOAD_PREFIX = '/api/download/';

/** Serves one download request. */
export async function handleDownload(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  clientIp: string,
  options: DownloadRouteOptions,
): Promise<void> {
  const { tokens, faults, stats, files, records } = options;
  request.resume();
  stats.countRequest('download');
  const fail = (errcode: number, status = 200, extra: Record<string, unknown> = {}) => {
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
  const calls = files.get(name);
  if (!calls)
    return fail(PBX_ERRCODE.NOT_FOUND, 200, {
      detail: 'unknown file or the download link expired (links work 30 minutes)',
    });
  const legs = calls.flatMap((stored) => aiLegsOf(stored, records.context.seed, records.context.display));
  legs.forEach((leg, index) => (leg.leg = index + 1));
  sendJson(response, 200, legs, { 'Content-Disposition': `attachment; filename="${name}"` });
}
