import type { Role } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (body: Record<string, unknown>) => { status: number; body: unknown };

/** A gateway with the admin REST: `pbx` answers POST /api/pbx/<operation>; every call is recorded. */
function fakeGateway(role: Role, pbx: Record<string, Handler>) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const body = (init.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
      sent.push({ url, body });
      if (url === '/api/auth/session')
        return Promise.resolve(
          json(200, { ok: true, data: { session: sessionInfo({ user: role, role }), expiresAt: 1 } }),
        );
      const operation = url.replace('/api/pbx/', '');
      const handler = pbx[operation];
      if (!handler)
        return Promise.resolve(json(404, { ok: false, error: { code: 'not_found', message: 'none' } }));
      const answer = handler(body);
      return Promise.resolve(json(answer.status, answer.body));
    }),
  );
  return sent;
}

const pbxOk = (data: object) => ({
  status: 200,
  body: { ok: true, data: { errcode: 0, errmsg: 'SUCCESS', ...data } },
});

async function open(role: Role, path: string, pbx: Record<string, Handler>) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, `${role}-token`);
  const sent = fakeGateway(role, pbx);
  const app = await mountApp(path);
  await flushPromises();
  return { ...app, sent };
}

const pbxCalls = (sent: { url: string }[]) =>
  sent.map((s) => s.url).filter((url) => url.startsWith('/api/pbx/'));

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('admin screens', () => {
  it('sends a supervisor to the not-allowed page without asking the PBX anything', async () => {
    for (const path of ['/console/admin', '/console/admin/ivrs', '/console/admin/pin-lists']) {
      const { router, sent, wrapper } = await open('supervisor', path, {});
      expect(router.currentRoute.value.name).toBe('not-allowed');
      expect(pbxCalls(sent)).toEqual([]);
      wrapper.unmount();
    }
  });

  it('links the admin area from the console header for admins only', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      const { socket, wrapper } = await open(role, '/console', {});
      socket.open(sessionInfo({ user: role, role }));
      await flushPromises();
      expect(wrapper.find('[data-testid="admin-link"]').exists()).toBe(role === 'admin');
      wrapper.unmount();
    }
  });

  it('checks an allowlist rule with the PBX’s rules before sending and sends the numbers joined with &', async () => {
    let rules = [{ id: 1, name: 'Partners', limit_type: 'both', number_list: '5551234&5555678' }];
    const { wrapper, sent } = await open('admin', '/console/admin/allowlist', {
      'allow_numbers/list': () => pbxOk({ total_number: rules.length, data: rules }),
      'allow_numbers/create': (body) => {
        rules = [...rules, { id: 2, ...(body as { name: string; limit_type: string; number_list: string }) }];
        return pbxOk({ id: 2 });
      },
    });
    expect(wrapper.findAll('[data-testid="resource-row"]').map((row) => row.text())).toEqual([
      expect.stringContaining('Allow calls from and to these numbers'),
    ]);
    await wrapper.get('[data-testid="resource-new"]').trigger('click');
    await wrapper.get('[data-testid="input-number_list"]').setValue('5550100\n555 0101');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(pbxCalls(sent)).toEqual(['/api/pbx/allow_numbers/list']);
    const name = wrapper.get('[data-testid="input-name"]');
    expect(name.attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('[data-testid="field-error-name"]').text()).toContain('must not be empty');
    // Named by line, in words, before anything is sent.
    expect(wrapper.get('[data-testid="field-error-number_list"]').text()).toContain(
      'Line 2 (“555 0101”) is not a phone number or dial pattern.',
    );
    await wrapper.get('[data-testid="input-number_list"]').setValue('5550100\nabc-not-a-number\n9011.');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="field-error-number_list"]').text()).toMatch(
      /^Line 2 \(“abc-not-a-number”\) is not a phone number or dial pattern\. Use digits/,
    );
    expect(pbxCalls(sent)).toEqual(['/api/pbx/allow_numbers/list']);
    await wrapper.get('[data-testid="input-number_list"]').setValue('5550100\n555 0101');
    // Kept as typed.
    expect((wrapper.get('[data-testid="input-number_list"]').element as HTMLTextAreaElement).value).toBe(
      '5550100\n555 0101',
    );

    await name.setValue('Night desk');
    await wrapper.get('[data-testid="input-number_list"]').setValue('5550100\n\n 5550101 ');
    await wrapper.get('[data-testid="input-limit_type"]').setValue('inbound');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(sent.find((s) => s.url === '/api/pbx/allow_numbers/create')?.body).toEqual({
      name: 'Night desk',
      limit_type: 'inbound',
      number_list: '5550100&5550101',
    });
    expect(wrapper.get('[data-testid="admin-notice"]').text()).toBe(
      'The allowlist rule “Night desk” is created.',
    );
    expect(wrapper.findAll('[data-testid="resource-row"]')).toHaveLength(2);
  });

  it('puts the PBX’s refusal in words next to the field it names and keeps what was typed', async () => {
    const { wrapper } = await open('admin', '/console/admin/allowlist', {
      'allow_numbers/list': () => pbxOk({ total_number: 0, data: [] }),
      'allow_numbers/create': () => ({
        status: 502,
        body: {
          ok: false,
          error: {
            code: 'pbx_error',
            message: 'An allowlist rule named “Partners” already exists.',
            errcode: 40003,
            errmsg: 'DUPLICATE KEY VALUE',
            invalidParams: [],
            fields: [{ field: 'name', message: 'An allowlist rule named “Partners” already exists.' }],
          },
        },
      }),
    });
    expect(wrapper.get('[data-testid="admin-empty"]').text()).toBe('No allowlist rule yet.');
    await wrapper.get('[data-testid="resource-new"]').trigger('click');
    await wrapper.get('[data-testid="input-name"]').setValue('Partners');
    await wrapper.get('[data-testid="input-number_list"]').setValue('5551234');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="form-error"]').text()).toContain(
      'An allowlist rule named “Partners” already exists.',
    );
    expect(wrapper.get('[data-testid="field-error-name"]').text()).toBe(
      'An allowlist rule named “Partners” already exists.',
    );
    expect(wrapper.get('[data-testid="input-name"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.text()).not.toMatch(/errcode|40003|DUPLICATE|allow_numbers/);
    expect((wrapper.get('[data-testid="input-name"]').element as HTMLInputElement).value).toBe('Partners');
  });

  it('says the PBX is out of reach instead of spinning, and tries again', async () => {
    let down = true;
    const { wrapper } = await open('admin', '/console/admin/allowlist', {
      'allow_numbers/list': () =>
        down
          ? {
              status: 503,
              body: {
                ok: false,
                error: { code: 'pbx_unavailable', message: 'The PBX cannot be reached right now.' },
              },
            }
          : pbxOk({ total_number: 0, data: [] }),
    });
    expect(wrapper.find('[data-testid="admin-unavailable"]').exists()).toBe(true);
    down = false;
    await wrapper.get('[data-testid="admin-retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="admin-empty"]').exists()).toBe(true);
  });

  it('deletes a rule only after a question naming it', async () => {
    const { wrapper, sent } = await open('admin', '/console/admin/allowlist', {
      'allow_numbers/list': () =>
        pbxOk({ total_number: 1, data: [{ id: 7, name: 'Old', limit_type: 'inbound', number_list: '1' }] }),
      'allow_numbers/delete': () => pbxOk({}),
    });
    await wrapper.get('[data-testid="row-delete"]').trigger('click');
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain(
      'Delete the allowlist rule “Old”?',
    );
    expect(pbxCalls(sent)).not.toContain('/api/pbx/allow_numbers/delete');
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(sent.find((s) => s.url === '/api/pbx/allow_numbers/delete')?.body).toEqual({ id: 7 });
    expect(wrapper.get('[data-testid="admin-notice"]').text()).toBe('The allowlist rule “Old” is deleted.');
  });

  it('keeps PINs hidden in the page until a list is revealed', async () => {
    const { wrapper } = await open('admin', '/console/admin/pin-lists', {
      'pin_list/list': () =>
        pbxOk({
          total_number: 2,
          data: [
            { id: 1, name: 'Local', pin_list: '2283,3301', enb_record_cdr: 0 },
            { id: 2, name: 'Intl', pin_list: '4865', enb_record_cdr: 1 },
          ],
        }),
    });
    expect(document.body.textContent).not.toContain('2283');
    const reveal = wrapper.findAll('[data-testid="reveal"]')[0];
    await reveal?.trigger('click');
    expect(reveal?.attributes('aria-pressed')).toBe('true');
    expect(document.body.textContent).toContain('2283, 3301');
    expect(document.body.textContent).not.toContain('4865');
  });
});
