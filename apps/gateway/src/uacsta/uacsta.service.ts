import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  fail,
  ok,
  type Result,
  type UacstaCallView,
  type UacstaRefuseCommand,
} from '@switchboard/live-protocol';
import { PBX_EVENT } from '@switchboard/pbx-api';
import { pbxFailure } from '../errors/pbx-failure.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { UacstaCalls } from './uacsta-calls.js';

const PRUNE_EVERY_MS = 60_000;

/** Desk-phone calls from uaCSTA reports (event 30020) on the `uacsta` stream, and refusing them. */
@Injectable()
export class UacstaService implements OnModuleInit, OnModuleDestroy {
  private readonly calls: UacstaCalls;
  private stopEvents: (() => void) | undefined;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly hub: StreamHub,
  ) {
    this.calls = new UacstaCalls((data, patch) => this.hub.commit('uacsta', 'uacsta', data, patch));
  }

  onModuleInit(): void {
    if (!this.config.pbx.features.uacsta) return;
    this.hub.commit('uacsta', 'uacsta', [], { upsert: [], remove: [] });
    this.stopEvents = this.pbx.onEvent(PBX_EVENT.UACSTA_CALL, (event) => {
      const { operation, extension, call_id: callId, ip_address: ipAddress } = event.msg;
      if (!extension || !callId) return;
      this.calls.apply({
        operation,
        extension: String(extension),
        callId: String(callId),
        ipAddress: ipAddress ?? '',
      });
    });
    this.pruneTimer = setInterval(() => this.calls.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  onModuleDestroy(): void {
    this.stopEvents?.();
    clearInterval(this.pruneTimer);
  }

  /** The calls now. */
  list(): UacstaCallView[] {
    return this.calls.list();
  }

  /** Refuses a ringing desk-phone call through uacsta_call/refuse. */
  async refuse(command: UacstaRefuseCommand): Promise<Result<{ refused: true }>> {
    const ipAddress = this.calls.addressOf(command.extension, command.callId);
    if (!ipAddress)
      return fail(
        'not_found',
        `Extension ${command.extension} has no uaCSTA call ${command.callId} (it may have ended).`,
      );
    try {
      await this.pbx.request('uacsta_call/refuse', (client) =>
        client.uacstaCall.refuse({
          extension: command.extension,
          call_id: command.callId,
          ip_address: ipAddress,
        }),
      );
    } catch (error) {
      return { ok: false, error: pbxFailure(error, 'refuse the desk-phone call') };
    }
    this.calls.end(command.extension, command.callId);
    return ok({ refused: true });
  }
}
