import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillConference } from '../support/dashboard-page.js';
import { adminPbx } from '../support/gateway-api.js';
import type { SimWorld } from '../support/simulator-process.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';

interface OngoingConference {
  conference_number: string;
  conference_name: string;
  members: { channel_id: string; from: string; member_type: string }[];
}

describe('conference control in the supervisor console', () => {
  let stack: Stack;
  let page: Page;
  let world: SimWorld;

  beforeAll(async () => {
    stack = await startStack({ simulator: { scenario: 'small', trafficRate: 0 } });
    world = await stack.simulator.get<SimWorld>('/sim/world');
    page = await signedInPage(stack, { width: 1440, height: 900 }, 'supervisor', '/console');
    await page.getByTestId('conferences-panel').waitFor();
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** The PBX's own view of `conference`. */
  async function pbxRoom(conference: string): Promise<OngoingConference | undefined> {
    const answer = await adminPbx<{ data?: OngoingConference[] }>(
      stack.gateway.url,
      stack.adminToken,
      'conference/query_ongoing_conference',
      { number: conference },
    );
    return answer.data?.[0];
  }

  /** Channel ids of the members the PBX itself has in `conference`. */
  async function pbxMembers(conference: string): Promise<string[]> {
    return ((await pbxRoom(conference))?.members ?? []).map((m) => m.channel_id);
  }

  /** A conference with members that stay until kicked, as the console and the PBX both list them. */
  async function aConferenceWithMembers(): Promise<string> {
    const room = await fillConference(stack.simulator, page);
    const number = await room.first().getAttribute('data-conference');
    if (!number) throw new Error('the conference card has no data-conference');
    // A join already scheduled may still land: wait until the console and the PBX agree on the members.
    await waitFor(
      async () => {
        const shown = await page
          .locator(`[data-conference="${number}"] [data-testid="conference-member"]`)
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-channel-id')).sort());
        return JSON.stringify(shown) === JSON.stringify((await pbxMembers(number)).sort());
      },
      'the console to list the members the PBX has',
      5_000,
      250,
    );
    return number;
  }

  it('kick asks for confirmation, then removes exactly that member on the PBX and on screen', async () => {
    const conference = await aConferenceWithMembers();
    const members = page.locator(`[data-conference="${conference}"] [data-testid="conference-member"]`);
    const before = await members.count();
    expect(before).toBeGreaterThanOrEqual(2);
    const target = members.last();
    const channelId = await target.getAttribute('data-channel-id');
    if (!channelId) throw new Error('the member row has no data-channel-id');
    const kicks = await stack.simulator.operationCount('conference/kick_member');

    // Members by name: an extension by the PBX's name for it, an outside caller by number; no PBX words.
    const room = await pbxRoom(conference);
    const pbxMember = room?.members.find((m) => m.channel_id === channelId);
    if (!room || !pbxMember) throw new Error('the PBX does not list the member');
    const extension = world.extensions.find((e) => e.number === pbxMember.from);
    const who =
      pbxMember.member_type === 'ext' && extension
        ? `${extension.name} (${extension.number})`
        : pbxMember.from;
    await expect
      .poll(() => target.getByTestId('member-name').textContent())
      .toBe(
        pbxMember.member_type === 'ext' && extension
          ? `${extension.name} ${extension.number}`
          : pbxMember.from,
      );
    expect(await page.locator(`[data-conference="${conference}"]`).textContent()).not.toMatch(
      /ANSWERED|HOLD|\bext\b|\btrunk\b/,
    );
    expect(await target.getByTestId('kick').getAttribute('aria-label')).toBe(`Kick ${who}`);
    // Every member the PBX lists as an extension is shown by the extension's name.
    const named = room.members.flatMap((m) => {
      const ext = m.member_type === 'ext' ? world.extensions.find((e) => e.number === m.from) : undefined;
      return ext ? [{ channelId: m.channel_id, text: `${ext.name} ${ext.number}` }] : [];
    });
    expect(named.length).toBeGreaterThan(0);
    for (const { channelId: id, text } of named)
      expect(
        await page
          .locator(`[data-testid="conference-member"][data-channel-id="${id}"] [data-testid="member-name"]`)
          .textContent(),
      ).toBe(text);

    // Cancel does nothing. The confirmation says whom, and has the focus.
    await target.getByTestId('kick').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain(`Remove ${who} from ${room.conference_name}?`);
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.getByTestId('confirm-dialog').getByTestId('cancel').click();
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await stack.simulator.operationCount('conference/kick_member')).toBe(kicks);

    await target.getByTestId('kick').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    const row = page.locator(`[data-testid="conference-member"][data-channel-id="${channelId}"]`);
    await row.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await stack.simulator.operationCount('conference/kick_member')).toBe(kicks + 1);
    const left = await pbxMembers(conference);
    expect(left).not.toContain(channelId);
    expect(left).toHaveLength(before - 1);
    await expect.poll(() => members.count(), { timeout: 5_000 }).toBe(before - 1);
  });
});
