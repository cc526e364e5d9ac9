import type { SessionInfo } from '@switchboard/live-protocol';

/**
 * A session as the gateway issues it: a viewer of every queue, not a display, with every feature on and a
 * 10 s hold window; `overrides` set what a test is about.
 */
export function testSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    user: 'user',
    role: 'viewer',
    queues: 'all',
    display: false,
    features: { listen: true, agentLogin: true, uacsta: true },
    holdWindowMs: 10_000,
    ...overrides,
  };
}
