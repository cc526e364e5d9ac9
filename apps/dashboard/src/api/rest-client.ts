import type { ClientResult } from '../socket/live-socket.js';

/** How long a REST call may take before the page says so. */
export const REST_TIMEOUT_MS = 8000;

/** Options of one REST call. */
export interface RestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** Session or display token, sent as a bearer token. */
  token?: string | null;
  timeoutMs?: number;
}

function isEnvelope(value: unknown): value is ClientResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  return (
    (candidate.ok === true && 'data' in candidate) ||
    (candidate.ok === false && typeof candidate.error?.message === 'string')
  );
}

/**
 * Calls the gateway's REST API (same origin) and returns its Result envelope; network failures,
 * timeouts and non-JSON answers become readable failures instead of exceptions.
 */
export async function callApi<T>(path: string, options: RestOptions = {}): Promise<ClientResult<T>> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  try {
    const response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (isEnvelope(answer)) return answer as ClientResult<T>;
    return {
      ok: false,
      error: {
        code: response.status === 404 ? 'not_found' : 'bad_answer',
        message: `The gateway answered HTTP ${response.status} to ${path}.`,
      },
    };
  } catch (error) {
    const aborted = controller.signal.aborted;
    return {
      ok: false,
      error: aborted
        ? { code: 'timeout', message: `The gateway did not answer within ${Math.round(timeoutMs / 1000)} s.` }
        : {
            code: 'offline',
            message: `Cannot reach the gateway (${error instanceof Error ? error.message : 'network error'}).`,
          },
    };
  } finally {
    clearTimeout(timer);
  }
}
