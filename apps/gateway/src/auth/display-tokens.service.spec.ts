import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { InMemoryDisplayTokenStore } from '../ports/display-token.store.js';
import { DisplayTokensService, LAST_USED_WRITE_INTERVAL_MS } from './display-tokens.service.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { TokenSigner } from './token-signer.js';

const SECRET = 'a-test-secret-that-is-long-enough';

function setup() {
  const store = new InMemoryDisplayTokenStore();
  const touch = vi.spyOn(store, 'touch');
  const service = new DisplayTokensService(
    testConfig(),
    store,
    new TokenSigner(SECRET),
    new SessionRevocations(),
  );
  return { store, touch, service };
}

describe('DisplayTokensService', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps the board options with the link and puts them in the one path it hands out', async () => {
    const { service } = setup();
    const created = await service.create(
      { name: 'Lobby TV', queues: [2, 1], board: { theme: 'light', rotateSec: 20, sound: true } },
      'admin',
    );
    expect(created.path).toBe(
      `/wallboard?display=${encodeURIComponent(created.token)}&theme=light&rotate=20&sound=1`,
    );
    expect(created.display).toMatchObject({
      name: 'Lobby TV',
      queues: [2, 1],
      board: { theme: 'light', rotateSec: 20, sound: true },
      createdBy: 'admin',
      lastUsedAt: null,
    });
    expect((await service.list())[0]?.board).toEqual({ theme: 'light', rotateSec: 20, sound: true });
  });

  it('uses the default board when none is sent', async () => {
    const { service } = setup();
    const created = await service.create({ name: 'Plain', queues: [1] }, 'admin');
    expect(created.display.board).toEqual({ theme: 'dark', rotateSec: null, sound: false });
    expect(created.path).toBe(`/wallboard?display=${encodeURIComponent(created.token)}`);
  });

  it('records a use as the last use, at most once per interval per link', async () => {
    const { service, touch } = setup();
    const created = await service.create({ name: 'TV', queues: [1] }, 'admin');
    const { id } = created.display;
    const jti = jtiOf(created.token);
    const t0 = Date.now();
    expect(await service.principal(id, jti)).toBeDefined();
    expect((await service.list())[0]?.lastUsedAt).toBe(t0);

    vi.setSystemTime(t0 + LAST_USED_WRITE_INTERVAL_MS - 1);
    await service.principal(id, jti);
    await service.principal(id, jti);
    expect(touch).toHaveBeenCalledTimes(1);
    expect((await service.list())[0]?.lastUsedAt).toBe(t0);

    vi.setSystemTime(t0 + LAST_USED_WRITE_INTERVAL_MS);
    await service.principal(id, jti);
    expect(touch).toHaveBeenCalledTimes(2);
    expect((await service.list())[0]?.lastUsedAt).toBe(t0 + LAST_USED_WRITE_INTERVAL_MS);
  });

  it('does not count a refused token as a use', async () => {
    const { service, touch } = setup();
    const created = await service.create({ name: 'TV', queues: [1] }, 'admin');
    expect(await service.principal(created.display.id, 'not-its-jti')).toBeUndefined();
    expect(await service.revoke(created.display.id)).toBe(true);
    expect(await service.principal(created.display.id, jtiOf(created.token))).toBeUndefined();
    expect(touch).not.toHaveBeenCalled();
  });

  it('keeps accepting the link when its use cannot be written, and tries again on the next use', async () => {
    const { service, store, touch } = setup();
    const created = await service.create({ name: 'TV', queues: [1] }, 'admin');
    const jti = jtiOf(created.token);
    touch.mockRejectedValueOnce(new Error('disk full'));
    expect(await service.principal(created.display.id, jti)).toBeDefined();
    await vi.waitFor(() => expect(touch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await Promise.resolve();
    expect(await service.principal(created.display.id, jti)).toBeDefined();
    expect(touch).toHaveBeenCalledTimes(2);
    expect((await store.list())[0]?.lastUsedAt).toBe(Date.now());
  });
});

/** The jti inside a display token (what the auth service reads from a verified token). */
function jtiOf(token: string): string {
  const check = new TokenSigner(SECRET).verify(token);
  if (!check.ok) throw new Error('the token does not verify');
  return check.claims.jti;
}
