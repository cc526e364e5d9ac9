/**
 * The contract suite's harness: a simulator started in-process on a free port (optionally on a manual clock,
 * so traffic moves only when a test says), `libs/pbx-api`'s PbxClient logged in with the demo credentials, raw
 * HTTP beside it, and the checks every operation must pass: the same invalid input refused by the client
 * and by the simulator naming the same field and rule, a wrong token, and a revoked token renewed unseen.
 */
import {
  PBX_ERRCODE,
  PbxApiError,
  PbxAuthError,
  PbxClient,
  PbxValidationError,
  type PbxOperationName,
} from '@switchboard/pbx-api';
import { expect, it } from 'vitest';
import { createCallCenter, ManualClock } from '../../../src/callcenter/index.js';
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  simulatorConfig,
  type SimulatorConfig,
} from '../../../src/config.js';
import { startSimulator, type RunningSimulator } from '../../../src/simulator.js';
import { api, post, token } from '../../support/sim-harness.js';

/** Monday 6 January 2025, 08:00 UTC: where manual clocks start. */
export const CONTRACT_START_MS = Date.UTC(2025, 0, 6, 8, 0, 0);

/** A running simulator with a logged-in client. */
export interface ContractSim {
  sim: RunningSimulator;
  /** Logged in with the demo credentials (client id and secret: tokens fetched and renewed for you). */
  client: PbxClient;
  /** The call center's clock when started with `manualClock`; time moves only through `advance`. */
  clock: ManualClock | undefined;
  /** Sends an operation over raw HTTP with a token of its own; answers the envelope. */
  raw(op: PbxOperationName, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** POST /sim/faults `{"revokeTokens":true}`: every access and refresh token stops working. */
  revokeTokens(): Promise<void>;
  /** get_token plus refresh_token requests the simulator has seen. */
  tokenRequests(): number;
  /** Makes every request of `op` answer `errcode` until {@link clearFaults}. */
  injectError(op: PbxOperationName | 'download', errcode: number): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a simulator with a short config (the `small` scenario, no generated traffic unless overridden) and a
 * client. With `manualClock` the call center runs on a clock that only `clock.advance` moves.
 */
export async function startContractSim(
  overrides: Partial<SimulatorConfig> = {},
  options: { manualClock?: boolean } = {},
): Promise<ContractSim> {
  const clock = options.manualClock
    ? new ManualClock({
        startMs: CONTRACT_START_MS,
        onError: (error) => {
          throw error;
        },
      })
    : undefined;
  const sim = await startSimulator(
    simulatorConfig({ port: 0, scenario: 'small', seed: 11, trafficRate: 0, ...overrides }),
    {
      ...(clock ? { createCallCenter: (o) => createCallCenter(o, { clock }) } : {}),
      onInternalError: (where, error) => {
        throw new Error(`unexpected internal error in ${where}: ${String(error)}`);
      },
    },
  );
  const client = new PbxClient({
    baseUrl: sim.url,
    auth: { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET },
  });
  let rawToken: Promise<string> | undefined;
  const faults = (body: Record<string, unknown>) =>
    post(sim.url, '/sim/faults', body).then(({ status, body: answer }) => {
      if (status !== 200) throw new Error(`POST /sim/faults failed: ${JSON.stringify(answer)}`);
    });
  return {
    sim,
    client,
    clock,
    raw: async (op, params = {}) => {
      rawToken ??= token(sim);
      return (await api(sim, await rawToken, op, params)).body;
    },
    revokeTokens: async () => {
      await faults({ revokeTokens: true });
      rawToken = undefined;
    },
    tokenRequests: () => sim.stats.requestCount('get_token') + sim.stats.requestCount('refresh_token'),
    injectError: (op, errcode) => faults({ errorRate: 1, errcodes: [errcode], operations: [op] }),
    clearFaults: () => faults({ clear: true }),
    close: async () => {
      await client.close();
      await sim.close();
    },
  };
}

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Asserts `promise` rejects with a PbxApiError carrying `errcode`; answers the error. */
export async function expectPbxError(promise: Promise<unknown>, errcode: number): Promise<PbxApiError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(PbxApiError);
  expect((error as PbxApiError).errcode).toBe(errcode);
  return error as PbxApiError;
}

/** Runs `check` while every request of `op` answers `errcode`; the fault is cleared even when `check` fails. */
export async function whileFailing(
  ctx: ContractSim,
  op: Parameters<ContractSim['injectError']>[0],
  errcode: number,
  check: () => Promise<unknown>,
): Promise<void> {
  await ctx.injectError(op, errcode);
  try {
    await check();
  } finally {
    await ctx.clearFaults();
  }
}

/**
 * Declares the test that a PBX failure of `op` (server busy) reaches the caller of `call` as a PbxApiError
 * carrying the PBX's errcode.
 */
export function itReportsPbxFailure(
  get: () => ContractSim,
  op: PbxOperationName,
  call: (client: PbxClient) => Promise<unknown>,
  title = 'a PBX failure is a PbxApiError',
): void {
  it(title, async () => {
    const ctx = get();
    await whileFailing(ctx, op, PBX_ERRCODE.SERVER_BUSY, () =>
      expectPbxError(call(ctx.client), PBX_ERRCODE.SERVER_BUSY),
    );
  });
}

/** An invalid input to one operation: the client call, the same input as it goes on the wire, the field. */
export interface InvalidInput {
  call: (client: PbxClient) => Promise<unknown>;
  /** The wire form, or a function giving it once the simulator runs (inputs built from its world). */
  wire: Record<string, unknown> | (() => Record<string, unknown>);
  field: string;
}

/**
 * An invalid input the client is handed exactly as it goes on the wire (the usual case): `call` gets `wire`
 * itself, typed `never` so a deliberately wrong value needs no cast.
 */
export function invalidAsSent(
  wire: Record<string, unknown>,
  field: string,
  call: (client: PbxClient, input: never) => Promise<unknown>,
): InvalidInput {
  return { call: (client) => call(client, wire as never), wire, field };
}

/**
 * The client refuses the input before sending anything (PbxValidationError naming `field`), and the simulator
 * refuses the same input on the wire with errcode 40002 naming the same field and the same rule.
 */
export async function expectSameValidation(
  ctx: ContractSim,
  op: PbxOperationName,
  invalid: InvalidInput,
): Promise<void> {
  const sentBefore = ctx.sim.stats.requestCount(op);
  const error = await rejectionOf(invalid.call(ctx.client));
  expect(error).toBeInstanceOf(PbxValidationError);
  const violation = (error as PbxValidationError).violations.find((v) => v.field === invalid.field);
  expect(violation, `client violations: ${(error as Error).message}`).toBeDefined();
  expect(ctx.sim.stats.requestCount(op)).toBe(sentBefore);

  const answer = await ctx.raw(op, typeof invalid.wire === 'function' ? invalid.wire() : invalid.wire);
  expect(answer).toMatchObject({ errcode: PBX_ERRCODE.PARAMETER_ERROR, errmsg: 'PARAMETER ERROR' });
  const entries = answer['invalid_param_list'] as { field: string; validation_type: string }[];
  expect(entries.find((entry) => entry.field === invalid.field)).toMatchObject({
    validation_type: violation?.rule,
  });
}

/** A client holding a fixed wrong token fails with PbxAuthError (errcode 10004), never echoing the token. */
export async function expectWrongTokenRefused(
  ctx: ContractSim,
  call: (client: PbxClient) => Promise<unknown>,
): Promise<void> {
  const wrong = 'WrongToken0000000000000000000000';
  const client = new PbxClient({ baseUrl: ctx.sim.url, auth: { accessToken: wrong } });
  const error = await rejectionOf(call(client));
  expect(error).toBeInstanceOf(PbxAuthError);
  expect((error as PbxAuthError).errcode).toBe(PBX_ERRCODE.TOKEN_INVALID);
  expect((error as Error).message).not.toContain(wrong);
}

/** After every token is revoked, the client's next call succeeds by itself, having asked for a new token. */
export async function expectRenewalAfterRevoke(
  ctx: ContractSim,
  call: (client: PbxClient) => Promise<unknown>,
): Promise<void> {
  await ctx.client.system.information(); // the client holds a token before it is revoked
  await ctx.revokeTokens();
  const before = ctx.tokenRequests();
  const refusedBefore = ctx.sim.stats.snapshot(0).requests.by_errcode[String(PBX_ERRCODE.TOKEN_INVALID)] ?? 0;
  await call(ctx.client);
  expect(ctx.tokenRequests()).toBeGreaterThan(before);
  // The revoked token really reached the PBX and was refused before the renewal.
  expect(ctx.sim.stats.snapshot(0).requests.by_errcode[String(PBX_ERRCODE.TOKEN_INVALID)]).toBeGreaterThan(
    refusedBefore,
  );
}

/** One operation's shared checks; the happy path and PBX errors are written per operation. */
export interface OperationCase {
  /** Names the tests when one operation backs several client methods (default: the operation). */
  label?: string;
  /** A valid call; it may run more than once, so it must not collide with itself (fresh names). */
  valid: (client: PbxClient) => Promise<unknown>;
  /** Absent for operations without parameters (system/information). */
  invalid?: InvalidInput;
}

/** Declares the shared checks of operation `op` as tests. */
export function itHonoursTheContract(get: () => ContractSim, op: PbxOperationName, c: OperationCase): void {
  const invalid = c.invalid;
  const label = c.label ?? op;
  if (invalid) {
    it(`${label}: the client and the simulator refuse the same invalid ${invalid.field}`, async () => {
      await expectSameValidation(get(), op, invalid);
    });
  }
  it(`${label}: a wrong token fails with PbxAuthError`, async () => {
    await expectWrongTokenRefused(get(), c.valid);
  });
  it(`${label}: a revoked token is renewed without the caller doing anything`, async () => {
    await expectRenewalAfterRevoke(get(), c.valid);
  });
}
