import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.js';
import { agentCard, signIn } from '../support/dashboard-page.js';
import { adminPbx, createDisplayToken, queueAgents } from '../support/gateway-api.js';
import type { SimWorld } from '../support/simulator-process.js';
import { startStack, type Stack } from '../support/stack.js';

const QUEUE = 1;

/** What a page reported while it ran: CSP violations (from the page itself), console errors and policy warnings, page errors. */
interface Reports {
  violations: () => Promise<string[]>;
  errors: string[];
}

/** Opens a page that records every CSP violation and console error from its very first script on. */
async function watchedPage(stack: Stack): Promise<{ page: Page; reports: Reports }> {
  const page = await newPage(stack.browser, { width: 1600, height: 1000 });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`),
    );
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium reports a policy it cannot parse (an unknown Permissions-Policy feature, say) as a warning.
    const policyWarning = message.type() === 'warning' && /Policy/i.test(message.text());
    if (message.type() === 'error' || policyWarning) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const violations = () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  return { page, reports: { violations, errors } };
}

/** Checks the security headers of a document answer and returns its CSP, directive by directive. */
function checkDocumentHeaders(response: Response | null, gatewayUrl: string): Record<string, string> {
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  const csp = Object.fromEntries(
    (headers['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  const host = new URL(gatewayUrl).host;
  expect(csp).toMatchObject({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    'frame-ancestors': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
  });
  expect(csp['connect-src']).toBe(`'self' ws://${host} wss://${host}`);
  expect(headers['content-security-policy']).not.toContain('unsafe');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  // Plain HTTP: HSTS would be ignored and must not pin a demo's localhost to https.
  expect(headers['strict-transport-security']).toBeUndefined();
  return csp;
}

describe('the dashboard under the gateway’s security headers (strict CSP, no inline script or style)', () => {
  let stack: Stack;
  let world: SimWorld;

  beforeAll(async () => {
    stack = await startStack({ simulator: { scenario: 'contact-center', trafficRate: 0 } });
    world = await stack.simulator.get<SimWorld>('/sim/world');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('runs the supervisor console with no CSP violation and live agent data', async () => {
    const { page, reports } = await watchedPage(stack);
    const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
    const started = Date.now();
    // Signing in is a JSON POST from the page: it passes the CSRF check as the dashboard's own request.
    await signIn(page, stack.gateway.url, 'supervisor', 'supervisor', '/console');
    const csp = checkDocumentHeaders(await document, stack.gateway.url);
    await page.getByTestId('prompts-panel').waitFor();
    await page.getByTestId('agent-row').first().waitFor();
    await expect.poll(() => page.getByTestId('gateway-link').getAttribute('data-status')).toBe('connected');
    const rows = await page.getByTestId('agent-row').count();
    console.log(
      `console: signed in and showing ${rows} live agent rows in ${Date.now() - started} ms; CSP ${JSON.stringify(csp)}`,
    );
    expect(rows).toBeGreaterThan(0);
    expect(await reports.violations()).toEqual([]);
    expect(reports.errors).toEqual([]);
    console.log(`console: 0 CSP violations, ${reports.errors.length} console errors`);
    await page.context().close();
  });

  it('runs a wallboard display link with no CSP violation, and pushes a PBX change to it', async () => {
    const token = await createDisplayToken(stack.gateway.url, stack.adminToken, [QUEUE]);
    const { page, reports } = await watchedPage(stack);
    const started = Date.now();
    // Watched from 1 m: the queue's agents all fit one page, so the one logged out is on screen.
    const response = await page.goto(
      `${stack.gateway.url}/wallboard?display=${encodeURIComponent(token)}&distance=1`,
    );
    checkDocumentHeaders(response, stack.gateway.url);
    await page.getByTestId('agent-card').first().waitFor();
    const shownAfter = Date.now() - started;
    // Live data: an agent logged out on the PBX shows as logged out, through the socket the CSP allows.
    const agent = (await queueAgents(stack.gateway.url, stack.adminToken, QUEUE)).find(
      (a) => a.agent_type === 'dynamic' && a.is_login === 1 && a.call_status === 1,
    );
    const extId = world.extensions.find((ext) => ext.number === agent?.number)?.id;
    if (!agent || extId === undefined) throw new Error(`queue ${QUEUE} has no logged-in dynamic agent`);
    const triggered = Date.now();
    await adminPbx(stack.gateway.url, stack.adminToken, 'agent/login', {
      ext_id: extId,
      operation: 'logout',
      queue_ids: String(QUEUE),
    });
    await expect
      .poll(() => page.locator(agentCard(agent.number)).getAttribute('data-state'), { timeout: 5_000 })
      .toBe('logged_out');
    const cards = await page.getByTestId('agent-card').count();
    console.log(
      `wallboard (display link): ${cards} agent cards after ${shownAfter} ms; a PBX logout shown in ${Date.now() - triggered} ms`,
    );
    expect(await reports.violations()).toEqual([]);
    expect(reports.errors).toEqual([]);
    console.log(`wallboard: 0 CSP violations, ${reports.errors.length} console errors`);
    await page.context().close();
  });
});
