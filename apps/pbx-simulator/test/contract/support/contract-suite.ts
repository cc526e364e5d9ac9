/**
 * The setup most contract specs share: one simulator per file (started before the file's tests, closed after
 * them), optionally an event stream on some topics, and accessors for the manual clock and the world. Each spec
 * used to copy this; here it is written once so every file starts and stops its simulator the same way.
 */
import { afterAll, beforeAll } from 'vitest';
import type { ManualClock } from '../../../src/callcenter/index.js';
import type { SimulatorConfig } from '../../../src/config.js';
import { EventCapture } from './event-capture.js';
import { startContractSim, type ContractSim } from './contract-kit.js';

export interface ContractSuiteOptions {
  manualClock?: boolean;
  /** Event topics to stream from the start; read them through `events()`. */
  topics?: number[];
}

export interface ContractSuite {
  /**
   * The file's simulator. Its members are read when used, so specs may keep it in a module constant even
   * though the simulator starts later, in `beforeAll`.
   */
  ctx: ContractSim;
  /** For `itHonoursTheContract` and the editable kit, which take the simulator lazily. */
  get: () => ContractSim;
  /** The manual clock; fails loudly when the suite was started without one. */
  clock: () => ManualClock;
  /** The event stream opened on `topics`. */
  events: () => EventCapture;
  world: () => ReturnType<ContractSim['sim']['control']['world']>;
  /** The id of the extension with `number` (0 when there is none). */
  extensionId: (number: string) => number;
}

/**
 * Registers `beforeAll`/`afterAll` for one simulator started with `overrides` (see `startContractSim`). Call it
 * before a spec's own hooks: those then run after the simulator started, and (vitest runs after-hooks as a
 * stack) their cleanup runs before it closes.
 */
export function contractSuite(
  overrides: Partial<SimulatorConfig> = {},
  options: ContractSuiteOptions = {},
): ContractSuite {
  let current: ContractSim | undefined;
  let capture: EventCapture | undefined;
  beforeAll(async () => {
    current = await startContractSim(overrides, { manualClock: options.manualClock ?? false });
    if (options.topics) capture = await new EventCapture(current.sim, options.topics).open();
  });
  afterAll(async () => {
    await capture?.close();
    await current?.close();
  });

  const get = (): ContractSim => {
    if (!current) throw new Error('the contract simulator starts in beforeAll');
    return current;
  };
  const ctx: ContractSim = {
    get sim() {
      return get().sim;
    },
    get client() {
      return get().client;
    },
    get clock() {
      return get().clock;
    },
    raw: (op, params) => get().raw(op, params),
    revokeTokens: () => get().revokeTokens(),
    tokenRequests: () => get().tokenRequests(),
    injectError: (op, errcode) => get().injectError(op, errcode),
    clearFaults: () => get().clearFaults(),
    close: () => get().close(),
  };
  const world = () => get().sim.control.world();
  return {
    ctx,
    get,
    clock: () => {
      const clock = get().clock;
      if (!clock) throw new Error('the contract simulator runs on a manual clock');
      return clock;
    },
    events: () => {
      if (!capture) throw new Error('the contract suite streams no events (no topics)');
      return capture;
    },
    world,
    extensionId: (number) => world().extensions.find((e) => e.number === number)?.id ?? 0,
  };
}
