import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';

async function loginPage(demoAccounts: unknown) {
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          url === '/api/auth/options'
            ? { ok: true, data: { demoAccounts } }
            : { ok: false, error: { code: 'not_found', message: 'no route' } },
        ),
        { status: url === '/api/auth/options' ? 200 : 404 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const app = await mountApp('/login');
  await flushPromises();
  return { ...app, fetchMock };
}

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('login page demo accounts', () => {
  it('names the demo accounts the gateway says are active, saying their passwords are public', async () => {
    const { wrapper, fetchMock } = await loginPage([
      { username: 'supervisor', role: 'supervisor' },
      { username: 'admin', role: 'admin' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/options', expect.anything());
    const box = wrapper.get('[data-testid="demo-accounts"]');
    expect(box.text()).toContain('Each password is the user name');
    expect(wrapper.findAll('[data-testid="demo-account"]').map((li) => li.text())).toEqual([
      'supervisor / supervisor · supervisor',
      'admin / admin · admin',
    ]);
    // Choosing one fills the form.
    await wrapper.findAll('[data-testid="demo-account"] button')[1]?.trigger('click');
    expect(wrapper.get<HTMLInputElement>('[data-testid="login-username"]').element.value).toBe('admin');
    expect(wrapper.get<HTMLInputElement>('[data-testid="login-password"]').element.value).toBe('admin');
  });

  it('shows nothing when there are none, or when the gateway cannot say', async () => {
    const none = await loginPage([]);
    expect(none.wrapper.find('[data-testid="demo-accounts"]').exists()).toBe(false);
    none.wrapper.unmount();
    const odd = await loginPage('supervisor');
    expect(odd.wrapper.find('[data-testid="demo-accounts"]').exists()).toBe(false);
  });
});
