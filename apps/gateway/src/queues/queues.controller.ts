import { Controller, Get, UseGuards } from '@nestjs/common';
import { ok, type Result } from '@switchboard/live-protocol';
import type { Principal } from '../auth/principal.js';
import { inScope } from '../auth/principal.js';
import { CurrentPrincipal, SessionGuard } from '../auth/session.guard.js';
import { StreamHub } from '../live/stream-hub.service.js';

/** A queue a screen may subscribe to. */
export interface QueueRef {
  id: number;
  number: string;
  name: string;
}

/** Lets a screen discover the queues in its scope (a session scoped to 'all' has no ids to start from). */
@Controller('api/queues')
@UseGuards(SessionGuard)
export class QueuesController {
  constructor(private readonly hub: StreamHub) {}

  /** GET /api/queues: the queues this session may see, by id. */
  @Get()
  list(@CurrentPrincipal() principal: Principal): Result<QueueRef[]> {
    return ok(this.hub.queueCatalogue().filter((queue) => inScope(principal.session, queue.id)));
  }
}
