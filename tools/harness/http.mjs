// JSON over HTTP with a timeout on every request, for tests, the bench and readiness probes.

/**
 * Sends one request (`body`, when given, as JSON; `token` as a bearer token) and resolves with the status,
 * the headers, the text and the body: parsed JSON, or the text when it is not JSON, or undefined when empty.
 */
export async function requestJson(
  url,
  { method = 'GET', body, token, headers = {}, timeoutMs = 10_000 } = {},
) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed = text === '' ? undefined : text;
  try {
    if (text !== '') parsed = JSON.parse(text);
  } catch {
    // not JSON (an HTML page, /metrics)
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** The status `url` answers a GET with, or 0 when nothing answers within `timeoutMs` (a readiness probe). */
export async function httpStatus(url, timeoutMs = 2_000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}
