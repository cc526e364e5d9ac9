import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { adminPbx } from '../support/gateway-api.js';
import { DEMO_CLIENT, type SimWorld } from '../support/simulator-process.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';

/**
 * The admin screens for pause reasons, IP phones, inbound routes, company contacts and message channels,
 * driven in Chromium against the simulator; what they change is read back from the simulator itself.
 * `E2E_LOOK_DIR=/tmp/looks` also saves each screen at four sizes in both themes to look at.
 */
const LOOK_DIR = process.env['E2E_LOOK_DIR'];
const PREFS_KEY = 'switchboard.console-prefs';
const LOOK_SIZES = [
  [1366, 768],
  [1920, 1080],
  [3840, 2160],
  [768, 1024],
] as const;

/** `value`, or a failed test naming what was missing. */
function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing: ${what}`);
  return value;
}

/** Calls the simulator's PBX interface directly, with a token of its own (not through the gateway). */
async function simPbx<T>(stack: Stack, operation: string, query: Record<string, string> = {}): Promise<T> {
  const headers = { 'User-Agent': 'switchboard-e2e', 'Content-Type': 'application/json' };
  const tokenAnswer = await fetch(`${stack.simulator.url}/openapi/v1.0/get_token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: DEMO_CLIENT.id, password: DEMO_CLIENT.secret }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const params = new URLSearchParams({ ...query, access_token: token });
  const answer = (await (
    await fetch(`${stack.simulator.url}/openapi/v1.0/${operation}?${params}`, { headers })
  ).json()) as T & { errcode: number };
  await fetch(`${stack.simulator.url}/openapi/v1.0/del_token?access_token=${token}`, { headers });
  expect(answer.errcode, `${operation} on the simulator`).toBe(0);
  return answer;
}

/** No sideways scroll and no axe finding at a laptop's and a tablet's width; with E2E_LOOK_DIR, screenshots. */
async function checkLooks(page: Page, name: string): Promise<void> {
  const sizes = LOOK_DIR ? LOOK_SIZES : ([LOOK_SIZES[0], LOOK_SIZES[3]] as const);
  for (const theme of LOOK_DIR ? (['dark', 'light'] as const) : (['dark'] as const)) {
    await page.evaluate(
      ({ key, theme }) => {
        const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...prefs, theme }));
        document.documentElement.dataset['theme'] = theme;
      },
      { key: PREFS_KEY, theme },
    );
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${theme} ${width}x${height} scrolls sideways`).toBeLessThanOrEqual(0);
      // Without E2E_LOOK_DIR, axe runs once per screen (1366x768), to keep the file quick.
      if (LOOK_DIR || width === 1366)
        expect(await axeViolations(page), `${name} ${theme} ${width}x${height}`).toEqual([]);
      if (LOOK_DIR) {
        mkdirSync(LOOK_DIR, { recursive: true });
        await page.screenshot({
          path: join(LOOK_DIR, `admin-${name}-${theme}-${width}x${height}.png`),
          fullPage: true,
        });
      }
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('admin screens: pause reasons, phones, routes, contacts, message channels', () => {
  let stack: Stack;
  let page: Page;
  let world: SimWorld;

  beforeAll(async () => {
    stack = await startStack({ simulator: { scenario: 'contact-center', trafficRate: 0 } });
    world = await stack.simulator.get<SimWorld>('/sim/world');
    page = await signedInPage(stack, { width: 1366, height: 768 }, 'admin', '/console/admin/pause-reasons');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const go = async (slug: string) => {
    await page.goto(`${stack.gateway.url}/console/admin/${slug}`);
    await page.getByTestId('admin-page').waitFor();
  };

  it('saves the pause reasons as one list after showing what will be deleted', async () => {
    await go('pause-reasons');
    const before = (
      await simPbx<{ data: { code: string; reason: string }[] }>(stack, 'queue_pause_reason/list')
    ).data;
    const [first, second] = [must(before[0], 'a first reason'), must(before[1], 'a second reason')];
    await page
      .getByTestId('pause-reason-row')
      .nth(before.length - 1)
      .waitFor();
    // Rename the first, delete the second, add one.
    await page.getByTestId('pause-reason-text').first().fill(`${first.reason} (long)`);
    await page.getByTestId('pause-reason-remove').nth(1).click();
    await page.getByTestId('pause-reason-add').click();
    await page.getByTestId('pause-reason-code').last().fill('*79');
    await page.getByTestId('pause-reason-text').last().fill('Quality review');
    await page.getByTestId('pause-reasons-save').click();

    const diff = page.getByTestId('pause-reason-diff');
    await diff.waitFor();
    expect(await diff.getByTestId('diff-deleted').allTextContents()).toEqual([
      `${second.code} ${second.reason}`,
    ]);
    expect(await diff.getByTestId('diff-added').allTextContents()).toEqual(['*79 Quality review']);
    expect(await diff.getByTestId('diff-changed').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('confirm').click();
    await expect.poll(() => page.getByTestId('pause-reasons-outcome').textContent()).toMatch(/^\s*Saved/);

    const expected = [
      { code: first.code, reason: `${first.reason} (long)` },
      ...before.slice(2),
      { code: '*79', reason: 'Quality review' },
    ];
    const after = (
      await simPbx<{ data: { code: string; reason: string }[] }>(stack, 'queue_pause_reason/list')
    ).data;
    expect(after.map((r) => ({ code: r.code, reason: r.reason }))).toEqual(expected);
    // The screen shows the list read again from the PBX.
    expect(
      await page
        .getByTestId('pause-reason-text')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(expected.map((r) => r.reason));
    await checkLooks(page, 'pause-reasons');
  });

  it('adds 50 phones from a CSV, naming the two bad lines by line and column, and adds the 48 others', async () => {
    const search = () =>
      adminPbx<{ total_number: number; data: { mac: string }[] }>(
        stack.gateway.url,
        stack.adminToken,
        'phone/search',
        {
          page: 1,
          page_size: 200,
        },
      );
    const seeded = (await search()).total_number;
    await go('phones');
    await page.getByTestId('phone-import').waitFor();
    const numbers = world.extensions.map((e) => e.number);
    const mac = (i: number) =>
      `80:5E:C0:AB:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();
    const lines = ['MAC,Extension'];
    for (let i = 0; i < 50; i++) lines.push(`${mac(i)},${numbers[i % numbers.length]}`);
    lines[8] = `80:5E:C0:AB:00:0G,${numbers[0]}`; // line 9: not a MAC
    lines[31] = `${mac(30)},99999`; // line 32: no such extension
    await page.getByTestId('phone-vendor').selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('phone-model').locator('option').count()).toBeGreaterThan(1);
    await page.getByTestId('phone-model').selectOption({ index: 1 });
    await expect
      .poll(() => page.getByTestId('phone-template_name').locator('option').count())
      .toBeGreaterThan(1);
    await page.getByTestId('phone-template_name').selectOption({ index: 1 });
    await page.getByTestId('phone-csv').fill(lines.join('\n'));
    await page.getByTestId('phone-check').click();
    const errors = page.getByTestId('phone-import-error');
    expect(
      await errors.evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute('data-line')}:${r.getAttribute('data-field')}`),
      ),
    ).toEqual(['9:mac', '32:extension']);
    expect(await page.getByTestId('phone-check-summary').textContent()).toContain('48 of 50 lines ready');
    await page.getByTestId('phone-add').click();
    await expect
      .poll(() => page.getByTestId('phone-import-outcome').textContent(), { timeout: 15_000 })
      .toContain('Added 48 phones.');
    // Both bad lines stay named after the import.
    expect(await errors.count()).toBe(2);

    const found = await search();
    expect(found.total_number).toBe(seeded + 48);
    const added = new Set(found.data.map((p) => p.mac.replace(/[:-]/g, '').toUpperCase()));
    expect(added.has(mac(0).replace(/:/g, ''))).toBe(true);
    expect(added.has(mac(30).replace(/:/g, ''))).toBe(false);
    await expect.poll(() => page.getByTestId('phone-row').count()).toBe(Math.min(50, seeded + 48));
    await checkLooks(page, 'phones');
  });

  it('keeps the audit trail to what changed: no reads, and the phones added in words', async () => {
    // The admin session so far read phones, extensions, phone options and pause reasons, and changed two things.
    await page.goto(`${stack.gateway.url}/console`);
    const entries = page.getByTestId('audit-entry');
    await expect
      .poll(() => entries.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))), {
        timeout: 10_000,
      })
      .toEqual(expect.arrayContaining(['pbx:phone/batchcreate', 'pbx:queue_pause_reason/update']));
    const actions = await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action') ?? ''));
    const reads = actions.filter((a) => /\/(list|search|get|query|compatibility|get_menuoptions)$/.test(a));
    expect(reads).toEqual([]);
    const phones = await entries.filter({ hasText: 'phones:' }).allTextContents();
    const first = must(world.extensions[0], 'an extension');
    expect(phones.join(' ')).toContain(`80:5E:C0:AB:00:00 to extension id ${first.id}`);
    for (const sentence of phones) {
      expect(sentence).toMatch(/admin added \d+ .*phones?: 80:5E:C0:AB:/);
      expect(sentence).not.toMatch(/[{}[\]"]|phone_list|batchcreate/);
    }
    // However many batches the import took, they add up to the 48 phones it added.
    const added = phones.map((text) => Number(/added (\d+)/.exec(text)?.[1] ?? 0));
    expect(added.reduce((a, b) => a + b, 0)).toBe(48);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows message channel health and routing with no provider secret anywhere in the page', async () => {
    await go('message-channels');
    const rows = page.getByTestId('channel-row');
    await rows.first().waitFor();
    const listed = (
      await simPbx<{ list: { id: number; status: string; type: string }[] }>(stack, 'message_channel/list', {
        page: '1',
        page_size: '100',
        time_range: 'today',
      })
    ).list;
    expect(await rows.count()).toBe(listed.length);
    // Failing channels come first, each with its reason in words.
    expect(await rows.first().getAttribute('data-level')).toBe('failed');
    expect(await rows.first().getByTestId('channel-problem').textContent()).not.toBe('');
    await page.getByTestId('channel-range').selectOption('last_30_days');
    await expect
      .poll(() => page.getByTestId('channel-row').first().getAttribute('data-level'))
      .toBe('failed');

    const routed = must(
      listed.find((c) => c.type !== 'livechat' && c.status === 'status_connect_succ'),
      'a connected SMS channel',
    );
    const detail = await simPbx<{ data: Record<string, unknown> & { dids: unknown[] } }>(
      stack,
      'message_channel/get',
      {
        id: String(routed.id),
      },
    );
    const name = String(detail.data['name']);
    await page.locator('[data-testid="channel-row"]', { hasText: name }).getByTestId('channel-open').click();
    const shown = page.getByTestId('channel-detail');
    await shown.waitFor();
    expect(await shown.getByTestId('channel-route').count()).toBe(detail.data.dids.length);

    // Every value the simulator seeds under a secret-looking name, and the provider credentials' values.
    const secrets: string[] = [];
    const collect = (value: unknown, key: string): void => {
      if (Array.isArray(value)) value.forEach((v) => collect(v, key));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value))
          collect(v, key === 'account_data' && k === 'v' ? 'secret' : k);
      else if (typeof value === 'string' && /token|secret|passw|key|gid/i.test(key) && /[^*]{6,}/.test(value))
        secrets.push(value);
    };
    collect(detail.data, '');
    expect(secrets.length).toBeGreaterThan(0);
    const html = await page.content();
    for (const secret of secrets) expect(html, 'a provider secret reached the page').not.toContain(secret);

    // A session waiting unpicked in a message queue shows the agents it is offered to; 999 is said to be missing.
    let waiting: { id: number; participants: { username?: string }[] } | undefined;
    for (let id = 1; id <= 20 && !waiting; id++) {
      const found = (
        await simPbx<{ list: { id: number; participants?: { username?: string }[] } }>(
          stack,
          'message_session/get',
          { id: String(id) },
        )
      ).list;
      if (found.participants && found.participants.length > 0)
        waiting = { id, participants: found.participants };
    }
    const queued = must(waiting, 'a seeded session waiting in a message queue');
    await page.getByTestId('session-id').fill(String(queued.id));
    await page.getByTestId('session-find').click();
    await page.getByTestId('session-participants').waitFor();
    expect(await page.getByTestId('session-participants').textContent()).toContain(
      must(queued.participants[0], 'a participant').username ?? '',
    );
    await page.getByTestId('session-id').fill('999');
    await page.getByTestId('session-find').click();
    await expect
      .poll(() => page.getByTestId('admin-error').textContent())
      .toContain('no message session 999');
    await checkLooks(page, 'message-channels');
  });

  it('shows the inbound routes in words', async () => {
    await go('inbound-routes');
    const rows = page.getByTestId('resource-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(world.inboundRoutes.length);
    const firstRoute = must(world.inboundRoutes[0], 'an inbound route');
    const routeRow = page.locator('[data-testid="resource-row"]', { hasText: firstRoute.name });
    expect(await routeRow.locator('[data-column="defaultDestination"]').textContent()).not.toBe('');
    await checkLooks(page, 'inbound-routes');
  });

  it('finds a company contact and shows its numbers', async () => {
    await go('company-contacts');
    await page.getByTestId('resource-row').first().waitFor();
    const contact = must(
      world.callers.find((c) => c.contact),
      'a caller in the contact book',
    );
    await page.getByTestId('resource-search').fill(contact.name);
    await expect.poll(() => page.getByTestId('resource-row').first().textContent()).toContain(contact.name);
    await page.getByTestId('resource-row').first().getByTestId('row-view').click();
    const detail = page.getByTestId('contact-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(contact.name);
    expect(await detail.getByTestId('contact-number').allTextContents()).toContain(contact.number);
    await checkLooks(page, 'company-contacts');
  });
});
