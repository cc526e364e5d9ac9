import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { signIn } from '../support/dashboard-page.js';
import { adminPbx } from '../support/gateway-api.js';
import { saveScreenshot } from '../support/screenshots.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';

/** With E2E_LOOK_DIR set, every size and theme of the IVR form is saved there to look at. */
const LOOK_DIR = process.env['E2E_LOOK_DIR'];
const SIZES = [
  [1366, 768],
  [1920, 1080],
  [3840, 2160],
  [768, 1024],
] as const;

interface Rows<Row> {
  data?: Row[];
  list?: Row[];
}

/**
 * The PBX's admin area in Chromium against the simulator: for an allowlist rule, a PIN list, an IVR with three
 * keys and a message queue, create, find, edit and delete, each checked in the simulator through the admin REST.
 */
describe('PBX administration in the console', () => {
  let stack: Stack;
  let admin: Page;

  /** The rows of `resource` whose name is `name`, as the PBX lists them now. */
  async function named<Row extends { name: string }>(resource: string, name: string): Promise<Row[]> {
    const answer = await adminPbx<Rows<Row>>(stack.gateway.url, stack.adminToken, `${resource}/search`, {
      page: 1,
      page_size: 100,
      search_value: name,
    });
    return (answer.data ?? answer.list ?? []).filter((row) => row.name === name);
  }

  /** Opens an admin screen from the nav and waits for its list. */
  async function screen(slug: string): Promise<void> {
    await admin.getByTestId(`admin-nav-${slug}`).click();
    await admin.waitForURL((url) => url.pathname === `/console/admin/${slug}`);
    await admin.locator('[data-testid="admin-empty"], [data-testid="resource-row"]').first().waitFor();
  }

  const row = (name: string) => admin.locator('[data-testid="resource-row"]', { hasText: name });

  /** Searches the screen's list and waits until exactly the rows named `name` show. */
  async function find(name: string): Promise<void> {
    await admin.getByTestId('resource-search').fill(name);
    await expect
      .poll(async () => admin.getByTestId('resource-row').allTextContents(), { timeout: 5_000 })
      .toEqual([expect.stringContaining(name)]);
  }

  /** Saves the form; a refused save fails with the form's own words and the fields it marked. */
  async function save(notice: string): Promise<void> {
    await admin.getByTestId('form-save').click();
    const outcome = async () => {
      if ((await admin.getByTestId('admin-notice').count()) > 0)
        return admin.getByTestId('admin-notice').textContent();
      if ((await admin.getByTestId('form-error').count()) === 0) return null;
      const marked = await admin.locator('[data-testid^="field-error-"]').allTextContents();
      return `refused: ${await admin.getByTestId('form-error').textContent()} ${marked.join(' | ')}`;
    };
    await expect.poll(outcome, { timeout: 5_000 }).toBe(notice);
  }

  async function remove(name: string, kind: string): Promise<void> {
    await row(name).getByTestId('row-delete').click();
    expect(await admin.getByTestId('confirm-dialog').textContent()).toContain(
      `Delete the ${kind} “${name}”?`,
    );
    await admin.getByTestId('confirm').click();
    await expect
      .poll(() => admin.getByTestId('admin-notice').textContent(), { timeout: 5_000 })
      .toBe(`The ${kind} “${name}” is deleted.`);
  }

  /** Opens an admin screen from the nav, then its form for a new object. */
  async function newOn(slug: string): Promise<void> {
    await screen(slug);
    await admin.getByTestId('resource-new').click();
  }

  /** Deletes `name` on the screen, then checks that the PBX has no `resource` of that name any more. */
  async function removeFromPbx(resource: string, name: string, kind: string): Promise<void> {
    await remove(name, kind);
    expect(await named(resource, name)).toEqual([]);
  }

  beforeAll(async () => {
    stack = await startStack({ simulator: { trafficRate: 0 } });
    admin = await signedInPage(stack, { width: 1366, height: 768 }, 'admin', '/console');
    await admin.getByTestId('admin-link').click();
    await admin.waitForURL((url) => url.pathname === '/console/admin');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('keeps supervisors and viewers out, without a link to it', async () => {
    const supervisor = await newPage(stack.browser);
    await signIn(supervisor, stack.gateway.url, 'supervisor', 'supervisor', '/console');
    await supervisor.getByTestId('current-user').waitFor();
    expect(await supervisor.getByTestId('admin-link').count()).toBe(0);
    await supervisor.goto(`${stack.gateway.url}/console/admin/ivrs`);
    await supervisor.waitForURL((url) => url.pathname === '/not-allowed');
    await supervisor.context().close();
    // A viewer asking for the address straight from the sign-in page.
    const viewer = await newPage(stack.browser);
    await viewer.goto(
      `${stack.gateway.url}/login?redirect=${encodeURIComponent('/console/admin/pin-lists')}`,
    );
    await viewer.getByTestId('login-username').fill('viewer');
    await viewer.getByTestId('login-password').fill('viewer');
    await viewer.getByTestId('login-submit').click();
    await viewer.waitForURL((url) => url.pathname === '/not-allowed');
    expect(await viewer.getByTestId('not-allowed').textContent()).toMatch(/administrators only/);
    expect(await viewer.getByTestId('admin-page').count()).toBe(0);
    await viewer.context().close();
  });

  it('allowlist rule: errors in words before sending and from the PBX, then create, find, view, edit and delete', async () => {
    // The overview first: every screen listed, nothing for axe-core to find.
    expect(await admin.getByTestId('admin-sections').locator('h2').allTextContents()).toEqual(
      expect.arrayContaining(['Allowlist', 'Blocklist', 'PIN lists', 'IVRs', 'Message queues']),
    );
    expect(await axeViolations(admin)).toEqual([]);
    await newOn('allowlist');
    await admin.getByTestId('input-name').fill('e2e partners');
    await admin.getByTestId('input-number_list').fill('5550100\n555 0101');
    await admin.getByTestId('form-save').click();
    // Numbers and dial patterns only, checked line by line in the page: nothing was sent.
    const numbers = admin.getByTestId('input-number_list');
    await expect.poll(() => numbers.getAttribute('aria-invalid')).toBe('true');
    const errorId = await numbers.getAttribute('aria-describedby');
    expect(await admin.locator(`[id="${errorId?.split(' ')[0]}"]`).textContent()).toContain(
      'Line 2 (“555 0101”) is not a phone number or dial pattern.',
    );
    await numbers.fill('5550100\nabc-not-a-number');
    await admin.getByTestId('form-save').click();
    await expect
      .poll(() => admin.getByTestId('field-error-number_list').textContent())
      .toContain('Line 2 (“abc-not-a-number”) is not a phone number or dial pattern.');
    expect(await named('allow_numbers', 'e2e partners')).toEqual([]);

    // A name another rule has: the PBX's refusal, in words, on the name field.
    await admin.getByTestId('input-name').fill('VIP customers');
    await numbers.fill('5550100');
    await admin.getByTestId('form-save').click();
    const taken = 'An allowlist rule named “VIP customers” already exists.';
    await expect.poll(() => admin.getByTestId('field-error-name').textContent()).toBe(taken);
    expect(await admin.getByTestId('input-name').getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByTestId('form-error').textContent()).toContain(taken);
    expect(await admin.locator('main').textContent()).not.toMatch(/errcode|40003|DUPLICATE|allow_numbers/);
    expect(await axeViolations(admin)).toEqual([]);
    await look('admin-allowlist-refused');
    await admin.getByTestId('input-name').fill('e2e partners');

    await numbers.fill('5550100\n5550101');
    await admin.getByTestId('input-limit_type').selectOption('both');
    await save('The allowlist rule “e2e partners” is created.');
    expect(await named('allow_numbers', 'e2e partners')).toEqual([
      expect.objectContaining({ limit_type: 'both', number_list: '5550100&5550101' }),
    ]);

    await find('e2e partners');
    await row('e2e partners').getByTestId('row-view').click();
    await expect.poll(() => admin.getByTestId('view-numbers').textContent()).toContain('5550101');
    await shoot('admin-allowlist');
    await admin.getByTestId('view-edit').click();
    await numbers.fill('5550100\n5550101\n5550102');
    await save('The allowlist rule “e2e partners” is saved.');
    expect(
      (await named<{ name: string; number_list: string }>('allow_numbers', 'e2e partners'))[0]?.number_list,
    ).toBe('5550100&5550101&5550102');

    await removeFromPbx('allow_numbers', 'e2e partners', 'allowlist rule');
  });

  it('PIN list: created with hidden PINs, revealed per list, edited and deleted', async () => {
    await newOn('pin-lists');
    await admin.getByTestId('input-name').fill('e2e pins');
    expect(await admin.getByTestId('input-pin_list').getAttribute('type')).toBe('password');
    await admin.getByTestId('input-pin_list').fill('2283, 3301');
    await save('The PIN list “e2e pins” is created.');
    await find('e2e pins');
    expect(await admin.locator('main').textContent()).not.toContain('2283');
    await row('e2e pins').getByTestId('reveal').click();
    expect(await row('e2e pins').getByTestId('masked-text').textContent()).toBe('2283, 3301');
    expect(admin.url()).not.toContain('2283');
    expect(await axeViolations(admin)).toEqual([]);
    await look('admin-pin-lists');

    await row('e2e pins').getByTestId('row-edit').click();
    await admin.getByTestId('input-pin_list').fill('2283, 4455');
    await admin.getByTestId('input-enb_record_cdr').check();
    await save('The PIN list “e2e pins” is saved.');
    expect(await named('pin_list', 'e2e pins')).toEqual([
      expect.objectContaining({ pin_list: '2283,4455', enb_record_cdr: 1 }),
    ]);
    await removeFromPbx('pin_list', 'e2e pins', 'PIN list');
  });

  it('IVR: three keys picked from the PBX’s menus, a bound checked before sending, edit and delete', async () => {
    await newOn('ivrs');
    await admin.getByTestId('input-number').fill('6390');
    await admin.getByTestId('input-name').fill('e2e menu');
    await admin.getByTestId('input-prompt_repeat').fill('9');
    const key = (field: string) => admin.getByTestId(`ivr-key-${field}`);
    await key('press1').getByTestId('ivr-dest').selectOption('queue');
    await key('press1').getByTestId('ivr-dest-value').selectOption({ index: 1 });
    await key('press2').getByTestId('ivr-dest').selectOption('extension');
    await key('press2').getByTestId('ivr-dest-value').selectOption({ index: 1 });
    await key('press2').getByTestId('ivr-record').check();
    await key('timeout').getByTestId('ivr-dest').selectOption('end_call');
    await admin.getByTestId('input-dial_ext_option').selectOption('restrict');
    await admin.getByTestId('choice-restrict_dial_ext_list').first().check();
    await admin.getByTestId('form-save').click();
    await expect.poll(() => admin.getByTestId('field-error-prompt_repeat').textContent()).toContain('5');
    expect(await named('ivr', 'e2e menu')).toEqual([]);

    await shoot('admin-ivr-form');
    await admin.getByTestId('input-prompt_repeat').fill('2');
    await save('The IVR “e2e menu” is created.');
    const [created] = await named<{ id: number; name: string }>('ivr', 'e2e menu');
    expect(created).toBeDefined();
    const detail = await adminPbx<{ data: Record<string, unknown> }>(
      stack.gateway.url,
      stack.adminToken,
      'ivr/get',
      {
        id: created?.id,
      },
    );
    expect(detail.data).toMatchObject({
      prompt_repeat: 2,
      press1_dest: 'queue',
      press2_dest: 'extension',
      allow_out_record2: 1,
      timeout_dest: 'end_call',
    });
    expect(detail.data['press1_dest_value']).not.toBe('');

    await find('e2e menu');
    await row('e2e menu').getByTestId('row-edit').click();
    await expect.poll(() => key('press1').getByTestId('ivr-dest').inputValue()).toBe('queue');
    await key('timeout').getByTestId('ivr-dest').selectOption('');
    await save('The IVR “e2e menu” is saved.');
    const after = await adminPbx<{ data: Record<string, unknown> }>(
      stack.gateway.url,
      stack.adminToken,
      'ivr/get',
      {
        id: created?.id,
      },
    );
    expect(after.data['timeout_dest'] ?? '').toBe('');
    expect(after.data['press1_dest']).toBe('queue');
    await removeFromPbx('ivr', 'e2e menu', 'IVR');
  });

  it('IVR: saved without direct dialling, and with any extension, no extension ticked', async () => {
    await screen('ivrs');
    const detail = async (name: string) => {
      const [made] = await named<{ id: number; name: string }>('ivr', name);
      const answer = await adminPbx<{ data: Record<string, unknown> }>(
        stack.gateway.url,
        stack.adminToken,
        'ivr/get',
        { id: made?.id },
      );
      return answer.data;
    };
    await admin.getByTestId('resource-new').click();
    const option = admin.getByTestId('input-dial_ext_option');
    // The four choices, the two without a list first; a new IVR starts with no direct dialling.
    expect(await option.locator('option').allTextContents()).toEqual([
      'No: callers cannot dial an extension',
      'Yes: any extension',
      'Only the extensions ticked below',
      'Every extension except those ticked below',
    ]);
    expect(await option.inputValue()).toBe('disable');
    expect(await admin.locator('[data-testid^="choice-"][data-testid$="dial_ext_list"]').count()).toBe(0);
    await admin.getByTestId('input-number').fill('6391');
    await admin.getByTestId('input-name').fill('e2e no dialling');
    expect(await axeViolations(admin)).toEqual([]);
    await save('The IVR “e2e no dialling” is created.');
    expect(await detail('e2e no dialling')).toMatchObject({ number: '6391', dial_ext_option: 'disable' });

    await admin.getByTestId('resource-new').click();
    await admin.getByTestId('input-number').fill('6392');
    await admin.getByTestId('input-name').fill('e2e any extension');
    await option.selectOption('all');
    await save('The IVR “e2e any extension” is created.');
    const any = await detail('e2e any extension');
    expect(any).toMatchObject({ number: '6392', dial_ext_option: 'all' });
    expect(any['dial_ext_list'] ?? []).toEqual([]);

    // Edited back to no direct dialling: the form reads the PBX's option as it is.
    await find('e2e any extension');
    await row('e2e any extension').getByTestId('row-edit').click();
    await expect.poll(() => option.inputValue()).toBe('all');
    await option.selectOption('disable');
    await save('The IVR “e2e any extension” is saved.');
    expect(await detail('e2e any extension')).toMatchObject({ dial_ext_option: 'disable' });
    await remove('e2e any extension', 'IVR');
    await find('e2e no dialling');
    await remove('e2e no dialling', 'IVR');
  });

  it('message queue: members ticked from the extensions, edited, deleted', async () => {
    await newOn('message-queues');
    await admin.getByTestId('input-name').fill('e2e chats');
    const choices = admin.getByTestId('choice-members');
    await choices.nth(0).check();
    await choices.nth(1).check();
    expect(await axeViolations(admin)).toEqual([]);
    await look('admin-message-queue-form');
    await save('The message queue “e2e chats” is created.');
    const [made] = await named<{ id: number; name: string }>('message_queue', 'e2e chats');
    const members = async () =>
      (
        await adminPbx<{ data: { members: { extension_id: number }[] } }>(
          stack.gateway.url,
          stack.adminToken,
          'message_queue/get',
          { id: made?.id },
        )
      ).data.members.length;
    expect(await members()).toBe(2);

    await find('e2e chats');
    await row('e2e chats').getByTestId('row-edit').click();
    await expect.poll(() => choices.nth(0).isChecked()).toBe(true);
    await choices.nth(2).check();
    await save('The message queue “e2e chats” is saved.');
    expect(await members()).toBe(3);
    await removeFromPbx('message_queue', 'e2e chats', 'message queue');
  });

  /** With E2E_LOOK_DIR set, the page as it is now, to look at. */
  async function look(name: string): Promise<void> {
    if (!LOOK_DIR) return;
    mkdirSync(LOOK_DIR, { recursive: true });
    await admin.screenshot({ path: join(LOOK_DIR, `${name}.png`), animations: 'disabled', fullPage: true });
  }

  /**
   * The page as it is now at every size in both themes: never wider than the window; axe-core finds nothing at a
   * laptop's and a tablet's size. The 1366x768 dark one is kept in docs/screenshots as `name`; with E2E_LOOK_DIR
   * every size and theme is saved there to look at.
   */
  async function shoot(name: string): Promise<void> {
    if (LOOK_DIR) mkdirSync(LOOK_DIR, { recursive: true });
    const problems: string[] = [];
    for (const theme of ['dark', 'light'] as const) {
      await admin.evaluate((theme) => (document.documentElement.dataset['theme'] = theme), theme);
      for (const [width, height] of SIZES) {
        await admin.setViewportSize({ width, height });
        const wide = await admin.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) problems.push(`${theme} ${width}x${height}: ${wide} px wide`);
        if (width === 1366 || width === 768) {
          const violations = await axeViolations(admin);
          if (violations.length > 0)
            problems.push(`${theme} ${width}x${height}: ${JSON.stringify(violations)}`);
        }
        if (LOOK_DIR)
          await admin.screenshot({
            path: join(LOOK_DIR, `${name}-${theme}-${width}x${height}.png`),
            animations: 'disabled',
          });
        if (theme === 'dark' && width === 1366) await saveScreenshot(admin, name);
      }
    }
    await admin.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'));
    await admin.setViewportSize({ width: 1366, height: 768 });
    expect(problems).toEqual([]);
  }
});
