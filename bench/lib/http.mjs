// Small JSON-over-HTTP helpers with a timeout on every request (the shared harness's, as the bench user agent).
import { requestJson as harnessRequest } from '../../tools/harness/http.mjs';

export { sleep } from '../../tools/harness/wait.mjs';

/** GET or POST `url`; resolves `{status, body}` with the JSON body parsed (text when it is not JSON). */
export async function requestJson(url, { headers = {}, ...request } = {}) {
  const { status, body } = await harnessRequest(url, {
    ...request,
    headers: { 'user-agent': 'switchboard-bench', ...headers },
  });
  return { status, body };
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
