import type { RestResult } from '@switchboard/live-protocol';
import { requestJson } from '../../tools/harness/http.mjs';

async function call<T>(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const answer = await requestJson<RestResult<T> | string | undefined>(`${url}${path}`, {
    method,
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  const result = answer.body;
  if (typeof result !== 'object' || result === null)
    throw new Error(`${method} ${path} answered ${answer.status} with no JSON: ${answer.text.slice(0, 200)}`);
  if (!result.ok) throw new Error(`${method} ${path} failed (${answer.status}): ${result.error.message}`);
  return result.data;
}

/** Signs in through REST; returns the session token. */
export async function signInApi(url: string, username: string, password: string): Promise<string> {
  return (await call<{ token: string }>(url, 'POST', '/api/auth/login', undefined, { username, password }))
    .token;
}

/** Calls one PBX operation through the admin REST API (`POST /api/pbx/<operation>`). */
export function adminPbx<T = unknown>(
  url: string,
  adminToken: string,
  operation: string,
  body: Record<string, unknown>,
): Promise<T> {
  return call<T>(url, 'POST', `/api/pbx/${operation}`, adminToken, body);
}

/** Creates a read-only display link token for `queues`, as an admin does. */
export async function createDisplayToken(url: string, adminToken: string, queues: number[]): Promise<string> {
  return (
    await call<{ token: string }>(url, 'POST', '/api/display-tokens', adminToken, {
      name: 'e2e display',
      queues,
    })
  ).token;
}

/** An agent as queue/agent_status reports it (the fields the tests read). */
export interface PbxAgent {
  name: string;
  number: string;
  is_login: number;
  is_pause: number;
  call_status: number;
  agent_type: string;
}

/** The agents of a queue, asked of the PBX through the admin API. */
export async function queueAgents(url: string, adminToken: string, queueId: number): Promise<PbxAgent[]> {
  const answer = await adminPbx<{ data?: PbxAgent[] }>(url, adminToken, 'queue/agent_status', {
    id: queueId,
  });
  return answer.data ?? [];
}
