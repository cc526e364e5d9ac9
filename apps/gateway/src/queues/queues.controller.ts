import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, type QueueRef, type Result } from '@switchboard/live-protocol';
import { ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import type { Principal } from '../access/principal.js';
import { inScope } from '../access/principal.js';
import { CurrentPrincipal, SessionGuard } from '../auth/session.guard.js';
import { StreamHub } from '../live/stream-hub.service.js';

/** Lets a screen discover the queues in its scope (a session scoped to 'all' has no ids to start from). */
@ApiTags('queues')
@ApiSignedIn()
@Controller('api/queues')
@UseGuards(SessionGuard)
export class QueuesController {
  constructor(private readonly hub: StreamHub) {}

  /** GET /api/queues: the queues this session may see, by id. */
  @Get()
  @ApiOperation({ operationId: 'queues_list', summary: 'The queues this session may see, by id' })
  @ApiResult(REST_SCHEMAS.queues, 'Queues, by id')
  list(@CurrentPrincipal() principal: Principal): Result<QueueRef[]> {
    return ok(this.hub.queueCatalogue().filter((queue) => inScope(principal.session, queue.id)));
  }
}
