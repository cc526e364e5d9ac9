import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PBX_EVENT, type SystemEventMsg } from '@switchboard/pbx-api';
import { PbxConnectionService } from './pbx-connection.service.js';

/**
 * The PBX's system notices (30034-30036: information, warning, alert; docs/pbx/events.md#event-numbers) go
 * to the gateway's log at the matching level, beside the gateway's own account of the PBX link.
 */
@Injectable()
export class PbxSystemNoticesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PbxSystemNotice');
  private stopEvents: (() => void) | undefined;

  constructor(private readonly pbx: PbxConnectionService) {}

  onModuleInit(): void {
    this.stopEvents = this.pbx.onEvents({
      [PBX_EVENT.SYSTEM_EVENT_INFO]: ({ msg }) => this.logger.log(notice(msg)),
      [PBX_EVENT.SYSTEM_EVENT_WARNING]: ({ msg }) => this.logger.warn(notice(msg)),
      [PBX_EVENT.SYSTEM_EVENT_ALERT]: ({ msg }) => this.logger.error(notice(msg)),
    });
  }

  onModuleDestroy(): void {
    this.stopEvents?.();
  }
}

/** One log entry of a notice, with the PBX's field names. */
function notice(msg: SystemEventMsg): Record<string, unknown> {
  return {
    msg: 'PBX system notice',
    event_name: msg.event_name,
    event_type: msg.event_type,
    event_content: msg.event_content,
    create_time: msg.create_time,
  };
}
