import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  fail,
  ok,
  type KnownExtension,
  type ListenCommand,
  type MonitorView,
  type Result,
} from '@switchboard/live-protocol';
import type { CallInfo, ExtensionBasicInfo } from '@switchboard/pbx-api';
import type { Principal } from '../access/principal.js';
import { pbxFailure } from '../errors/pbx-failure.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import type { LiveSocket } from '../live/socket-types.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { activeChannelOf, SupervisionService } from './supervision.service.js';

/** While a monitor runs, the PBX is asked this often whether the supervisor's extension is still in it. */
export const MONITOR_WATCH_MS = 2_000;
/** extension/list is read at most this often; an extension missing from it is looked for again sooner. */
const EXTENSIONS_TTL_MS = 5 * 60_000;
const EXTENSIONS_RECHECK_MS = 10_000;
/** Pages of extension/list read at most (1,000 each): more extensions than any PBX of this size has. */
const EXTENSION_PAGES = 20;

/** A running monitor: what screens see, and the supervisor's channel in the call (to hang it up). */
interface MonitorRun {
  view: MonitorView;
  channelId: string | null;
}

/** The channel of `extension` in `calls` whatever its state (a ringing monitor phone counts). */
function channelOf(calls: readonly CallInfo[], extension: string): string | undefined {
  for (const call of calls)
    for (const member of call.members)
      if (
        member.extension &&
        member.extension.number === extension &&
        member.extension.member_status !== 'BYE'
      )
        return member.extension.channel_id;
  return undefined;
}

/**
 * Listen, whisper and barge with a safety net (docs/pbx/call-control.md#listen-whisper-and-barge): the
 * supervisor's extension is the one of the profile unless the session names another, and either is checked
 * against the PBX's extensions (extension/list) before the PBX is asked to ring it. A running monitor is
 * shown on every screen of that supervisor (`monitor:state`) until its call ends: the gateway asks
 * `call/query` for the supervisor's extension every {@link MONITOR_WATCH_MS} while one runs. Switching mode
 * hangs the running monitor up and starts another; stop hangs it up (call/hangup, community-documented only:
 * docs/pbx/call-control.md#hanging-up-a-channel).
 */
@Injectable()
export class MonitorService implements OnModuleDestroy {
  private readonly log = new Logger('Monitor');
  private readonly runs = new Map<string, MonitorRun>();
  private readonly screens = new Map<LiveSocket, string>();
  private extensions: { at: number; byNumber: Map<string, ExtensionBasicInfo> } | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private watching = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly supervision: SupervisionService,
  ) {}

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Sends `socket` its user's monitor now and on every change, until it disconnects. */
  attach(socket: LiveSocket, user: string): void {
    this.screens.set(socket, user);
    socket.once('disconnect', () => this.screens.delete(socket));
    socket.emit('monitor:state', this.runs.get(user)?.view ?? null);
  }

  /** Whether `extension` exists on the PBX; answers its name too. */
  async check(extension: string): Promise<Result<KnownExtension>> {
    try {
      const found = await this.findExtension(extension);
      return found
        ? ok({ number: found.number, name: found.caller_id_name || null })
        : fail('not_found', `Extension ${extension} does not exist on the PBX; check the number.`);
    } catch (error) {
      return { ok: false, error: pbxFailure(error, `check extension ${extension}`) };
    }
  }

  /** Rings the supervisor's extension into the agent's call; a running monitor of the user is replaced. */
  async listen(
    command: ListenCommand,
    principal: Principal,
  ): Promise<Result<{ callId: string; monitor: MonitorView }>> {
    const { session } = principal;
    if (!this.config.pbx.features.listen)
      return fail('forbidden', 'This PBX does not offer listen, whisper or barge.');
    if (!this.supervision.mayActOnExtension(session, command.agent))
      return fail('forbidden', `Extension ${command.agent} is not an agent of your queues.`);
    const own = principal.extension;
    const fromProfile = own !== null && command.monitor === own;
    try {
      if (!(await this.findExtension(command.monitor)))
        return fail(
          'not_found',
          fromProfile
            ? `Your extension ${own} does not exist on the PBX; set yours under “My extension” in the console header, and ask an administrator to correct your profile (USERS extension).`
            : `Your extension ${command.monitor} does not exist on the PBX; correct it under “My extension” in the console header.`,
        );
      if (command.monitor === command.agent)
        return fail(
          'invalid_payload',
          'You cannot monitor your own extension; set your own under “My extension”.',
        );
      const calls = await this.pbx.request('call/query', (client) =>
        client.call.query({ extension: command.agent }),
      );
      const channel = activeChannelOf(calls.data ?? [], command.agent);
      if (!channel)
        return fail(
          'not_found',
          `${command.agent} has no answered call to join right now; try when it is on a call.`,
        );
      const running = this.runs.get(session.user);
      if (running) await this.hangUp(running);
      const answer = await this.pbx.request('call/listen', (client) =>
        client.call.listen({ monitor: command.monitor, channel_id: channel, type: command.mode }),
      );
      const view: MonitorView = {
        agent: command.agent,
        agentName: this.supervision.agentName(command.agent),
        monitor: command.monitor,
        mode: command.mode,
        callId: answer.call_id,
        since: Date.now(),
      };
      this.set(session.user, { view, channelId: null });
      return ok({ callId: answer.call_id, monitor: view });
    } catch (error) {
      return { ok: false, error: this.listenFailure(error, command) };
    }
  }

  /** Hangs up the user's running monitor. */
  async stop(principal: Principal): Promise<Result<{ stopped: true; monitor: MonitorView }>> {
    const run = this.runs.get(principal.session.user);
    if (!run) return fail('not_found', 'No monitor of yours is running.');
    try {
      await this.hangUp(run);
    } catch (error) {
      return { ok: false, error: pbxFailure(error, `hang up your extension ${run.view.monitor}`) };
    }
    this.set(principal.session.user, null);
    return ok({ stopped: true, monitor: run.view });
  }

  /** Asks the PBX, for each running monitor, whether the supervisor's extension is still in the call. */
  async watch(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    try {
      for (const [user, run] of [...this.runs]) {
        const calls = await this.pbx
          .request('call/query', (client) => client.call.query({ extension: run.view.monitor }), {
            priority: 'poll',
          })
          .catch((error: unknown) => {
            this.log.warn({ msg: 'monitor check failed', error: describePbxError(error) });
            return undefined;
          });
        if (!calls || this.runs.get(user) !== run) continue;
        // The PBX does not say whether listen's call_id is the monitored call's: any call of the extension counts.
        const channel = channelOf(calls.data ?? [], run.view.monitor);
        if (channel) run.channelId = channel;
        else this.set(user, null);
      }
    } finally {
      this.watching = false;
    }
  }

  private async hangUp(run: MonitorRun): Promise<void> {
    const channel = run.channelId ?? (await this.findMonitorChannel(run));
    if (!channel) return; // the monitor call is already over
    await this.pbx.request('call/hangup', (client) => client.call.hangup({ channel_id: channel }));
  }

  private async findMonitorChannel(run: MonitorRun): Promise<string | undefined> {
    const calls = await this.pbx.request('call/query', (client) =>
      client.call.query({ extension: run.view.monitor }),
    );
    return channelOf(calls.data ?? [], run.view.monitor);
  }

  private set(user: string, run: MonitorRun | null): void {
    if (run) this.runs.set(user, run);
    else this.runs.delete(user);
    for (const [socket, owner] of this.screens)
      if (owner === user) socket.emit('monitor:state', run?.view ?? null);
    if (this.runs.size > 0 && !this.timer) {
      this.timer = setInterval(() => void this.watch(), MONITOR_WATCH_MS);
      this.timer.unref();
    } else if (this.runs.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** The extension with this number on the PBX, reading extension/list when needed. */
  private async findExtension(number: string): Promise<ExtensionBasicInfo | undefined> {
    const now = Date.now();
    const known = this.extensions;
    const fresh = known && now - known.at < EXTENSIONS_TTL_MS;
    const found = known?.byNumber.get(number);
    if (fresh && (found || now - known.at < EXTENSIONS_RECHECK_MS)) return found;
    const byNumber = new Map<string, ExtensionBasicInfo>();
    for (let page = 1; page <= EXTENSION_PAGES; page++) {
      const answer = await this.pbx.request('extension/list', (client) =>
        client.extension.list({ page, page_size: 1_000 }),
      );
      for (const extension of answer.data ?? []) byNumber.set(extension.number, extension);
      if ((answer.data ?? []).length < 1_000 || byNumber.size >= answer.total_number) break;
    }
    this.extensions = { at: now, byNumber };
    return byNumber.get(number);
  }

  /** A refusal worded for what the supervisor can do about it. */
  private listenFailure(error: unknown, command: ListenCommand): ReturnType<typeof pbxFailure> {
    const failure = pbxFailure(error, `connect your extension ${command.monitor} to ${command.agent}’s call`);
    if (failure.code !== 'pbx_error') return failure;
    return {
      code: 'pbx_error',
      message: `The PBX would not connect your extension ${command.monitor} to ${command.agent}’s call (${failure.message.replace(/^.*?: /, '')}). ${command.agent} may not allow being monitored (an administrator sets that on the extension), or your extension ${command.monitor} is busy.`,
    };
  }
}
