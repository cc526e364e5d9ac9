import type { CallCenter, CallCenterControl, CallCenterOptions, WorldInfo } from '../contracts.js';
import { RealClock, type SimClock } from './clock.js';
import { Engine } from './engine.js';
import { agentHandlers } from './handlers/agent-handlers.js';
import { pauseHandlers } from './handlers/pause-handlers.js';
import { callHandlers } from './handlers/call-handlers.js';
import { extensionHandlers } from './handlers/extension-handlers.js';
import { conferenceHandlers } from './handlers/conference-handlers.js';
import { queueHandlers } from './handlers/queue-handlers.js';
import { IdSource } from './ids.js';
import { isScenarioName } from './scenarios.js';
import { controlParamError } from '../sim-errors.js';
import type { World } from './world.types.js';

/** How the call center keeps time; tests pass a ManualClock. */
export interface CallCenterRuntime {
  /** Default: a RealClock at `options.speed` starting at `options.startMs` or the current wall time. */
  clock?: SimClock;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new RangeError(`call center: ${message}`);
}

function validateOptions(options: CallCenterOptions): void {
  check(
    isScenarioName(options.scenario),
    `scenario must be small, contact-center or stress, got "${options.scenario}"`,
  );
  check(Number.isSafeInteger(options.seed), `seed must be an integer, got ${options.seed}`);
  check(
    Number.isFinite(options.speed) && options.speed > 0,
    `speed must be a number > 0, got ${options.speed}`,
  );
  check(
    Number.isFinite(options.holdWindowMs) && options.holdWindowMs >= 0,
    `holdWindowMs must be >= 0, got ${options.holdWindowMs}`,
  );
  check(
    Number.isFinite(options.trafficRate) && options.trafficRate >= 0,
    `trafficRate must be >= 0, got ${options.trafficRate}`,
  );
  check(
    options.startMs === undefined || Number.isFinite(options.startMs),
    `startMs must be a finite number of unix ms, got ${options.startMs}`,
  );
  const share = options.controlledCallShare;
  check(
    share === undefined || (share >= 0 && share <= 1),
    `controlledCallShare must be between 0 and 1, got ${share}`,
  );
  check(
    options.agents === undefined || (Number.isSafeInteger(options.agents) && options.agents >= 1),
    `agents must be a whole number >= 1, got ${options.agents}`,
  );
}

function worldInfo(world: World): WorldInfo {
  return {
    extensions: world.extensions.map(({ id, number, name }) => ({ id, number, name })),
    trunks: world.trunks.map((trunk) => ({ ...trunk })),
    inboundRoutes: world.routes.map(({ queueId: _queueId, ...route }) => ({
      ...route,
      did_patterns: [...route.did_patterns],
      trunk_ids: [...route.trunk_ids],
    })),
    callerNumbers: world.callers.filter((c) => c.contact).map((c) => c.number),
    callers: world.callers.map((c) => ({ ...c })),
    queues: world.queues.map(({ id, number, name, members }) => ({
      id,
      number,
      name,
      agentNumbers: members.flatMap((m) => world.extensions.find((e) => e.id === m.extId)?.number ?? []),
    })),
    conferences: world.conferences.map(({ id, number, name }) => ({ id, number, name })),
  };
}

/**
 * The live call center: handlers for its operations and the control surface. Nothing moves until
 * `control.start()`. `reset()` rebuilds the scenario from the same seed without turning the clock back, so call
 * ids and CDR times keep increasing across resets.
 */
export function createCallCenter(options: CallCenterOptions, runtime: CallCenterRuntime = {}): CallCenter {
  validateOptions(options);
  const clock =
    runtime.clock ??
    new RealClock({
      speed: options.speed,
      ...(options.startMs !== undefined ? { startMs: options.startMs } : {}),
    });
  const ids = new IdSource();
  let rate = options.trafficRate;
  let running = false;
  const build = (): Engine =>
    new Engine({
      scenario: options.scenario,
      seed: options.seed,
      holdWindowMs: options.holdWindowMs,
      trafficRate: rate,
      controlledCallShare: options.controlledCallShare,
      agents: options.agents,
      events: options.events,
      records: options.records,
      clock,
      ids,
    });
  let engine = build();
  let info = worldInfo(engine.ctx.world);
  const get = (): Engine => engine;

  const control: CallCenterControl = {
    holdInboundCall: (input) =>
      engine.request(() => {
        const call = engine.inbound.holdExternal(input);
        return { call_id: call.id, channel_id: call.callerLeg.channelId };
      }),
    setTrafficRate: (next) => {
      if (!(Number.isFinite(next) && next >= 0)) {
        throw controlParamError('rate', next, 'range', 'must be a number >= 0');
      }
      rate = next;
      engine.request(() => engine.setTrafficRate(next));
    },
    trafficRate: () => rate,
    setPhonesOnline: (number, online) =>
      engine.request(() => {
        const ext = engine.ctx.extByNumber.get(number);
        if (!ext) throw controlParamError('extension', number, 'unknown', 'no extension has this number');
        return { extension: number, online: engine.registrations.setReachable(ext, online) };
      }),
    start: () => {
      running = true;
      engine.start();
    },
    stop: () => {
      running = false;
      engine.stop();
    },
    reset: () => {
      clock.stop();
      clock.clear();
      engine = build();
      info = worldInfo(engine.ctx.world);
      if (running) engine.start();
    },
    world: () => info,
    now: () => clock.now() / 1000,
  };

  return {
    handlers: {
      ...queueHandlers(get),
      ...agentHandlers(get),
      ...pauseHandlers(get),
      ...callHandlers(get),
      ...extensionHandlers(get),
      ...conferenceHandlers(get),
    },
    control,
  };
}
