// Small JSON-over-HTTP helpers with a timeout on every request.

/** GET or POST `url`; resolves `{status, body}` with the JSON body parsed (text when it is not JSON). */
export async function requestJson(
  url,
  { method = 'GET', body, token, headers = {}, timeoutMs = 10_000 } = {},
) {
  const response = await fetch(url, {
    method,
    headers: {
      'user-agent': 'switchboard-bench',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // plain text (/metrics)
  }
  return { status: response.status, body: parsed };
}

/** GET `url` and return the JSON body; throws on a non-2xx status. */
export async function getJson(url, options = {}) {
  const { status, body } = await requestJson(url, options);
  if (status < 200 || status >= 300) throw new Error(`GET ${url} answered ${status}: ${short(body)}`);
  return body;
}

/** POST `body` to `url` and return the JSON answer; throws on a non-2xx status. */
export async function postJson(url, body, options = {}) {
  const answer = await requestJson(url, { ...options, method: 'POST', body });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`POST ${url} answered ${answer.status}: ${short(answer.body)}`);
  return answer.body;
}

function short(body) {
  return (typeof body === 'string' ? body : (JSON.stringify(body) ?? '')).slice(0, 300);
}

/** Polls `probe` every `everyMs` until it returns something truthy; throws naming `what` after `timeoutMs`. */
export async function waitUntil(probe, what, timeoutMs, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (${lastError.message})` : ''}`,
      );
    await sleep(everyMs);
  }
}

/** Resolves after `ms`. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Values of a Prometheus text exposition: `name{labels}` -> number (labels kept as written). */
export function parsePrometheus(text) {
  const values = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?)\s+(\S+)/.exec(line);
    if (match) values.set(match[1], Number(match[2]));
  }
  return values;
}
