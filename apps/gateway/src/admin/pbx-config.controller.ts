import { Controller, Get, HttpStatus, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ok,
  type InboundRoutesAnswer,
  type InboundRouteView,
  type RestResult,
} from '@switchboard/live-protocol';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { RequireRole, SessionGuard } from '../auth/session.guard.js';
import { restError } from '../errors/rest-error.js';
import { InboundRoutesService } from '../inbound/inbound-routes.service.js';
import { routeDestinationWords, type PositionedRoute } from '../inbound/inbound-routes.js';
import { QueuesService } from '../queues/queues.service.js';

const texts = (values: readonly (string | undefined)[]) =>
  values.map((value) => (value ?? '').trim()).filter((value) => value !== '');

/** A route's DID condition as the admin reads it: patterns, the pattern-to-extension forms, or a range. */
function didPatterns(route: PositionedRoute): string[] {
  switch (route.did_option) {
    case 'pattern_to_ext':
      return texts([route.did_pattern_to_ext]);
    case 'pattern_to_ext_list':
      return texts((route.did_pattern_to_ext_list ?? []).map((item) => item.did_pattern));
    case 'range_to_ext': {
      const [start, end] = texts([route.did_to_ext_start, route.did_to_ext_end]);
      return start && end ? [`${start}-${end}`] : texts([start, end]);
    }
    default:
      return texts((route.did_pattern_list ?? []).map((item) => item.did_pattern));
  }
}

/**
 * Configuration the gateway's own services read from the PBX and keep, in words, for the admin screens.
 * Admins only, like the admin PBX REST.
 */
@ApiTags('pbx-config')
@ApiSignedIn()
@Controller('api/pbx-config')
@UseGuards(SessionGuard)
@RequireRole('admin')
export class PbxConfigController {
  constructor(
    private readonly routes: InboundRoutesService,
    private readonly queues: QueuesService,
  ) {}

  /** GET /api/pbx-config/inbound-routes: every inbound route as the gateway last read them, in words. */
  @Get('inbound-routes')
  @ApiOperation({
    operationId: 'pbx_config_inbound_routes',
    summary: 'Every inbound route in table order: DID and caller-ID patterns, trunks, default destination',
    description:
      'Admins only. The gateway learns the routes from inbound_route/list (every page, in the table order ' +
      'pos) and reads their details with inbound_route/query by id, again with the queue list. A route may ' +
      'also route by time (office hours, holidays): its destination here is the default one. 503 until the ' +
      'first read.',
  })
  @ApiResult(REST_SCHEMAS.inboundRoutes, 'The routes, in the PBX’s table order')
  @ApiErrors(HttpStatus.SERVICE_UNAVAILABLE)
  inboundRoutes(): RestResult<InboundRoutesAnswer> {
    const current = this.routes.current();
    if (!current)
      throw restError(
        HttpStatus.SERVICE_UNAVAILABLE,
        'pbx_unavailable',
        'The inbound routes have not been read from the PBX yet; try again in a few seconds.',
      );
    return ok({ routes: current.routes.map((route) => this.view(route)), readAt: current.readAt });
  }

  private view(route: PositionedRoute): InboundRouteView {
    return {
      id: route.id,
      position: route.pos,
      name: route.name,
      didPatterns: didPatterns(route),
      callerIdPatterns:
        route.cid_option === 'phonebook'
          ? []
          : texts((route.cid_pattern_list ?? []).map((item) => item.cid_pattern)),
      callerIdPhonebooks: route.cid_option === 'phonebook' ? [...route.cid_to_phonebook] : [],
      trunks: texts((route.trunk_list ?? []).map((trunk) => trunk.name)),
      defaultDestination: this.defaultDestination(route),
    };
  }

  /** The route's default destination in words, with the queue's name and number where the gateway watches that queue. */
  private defaultDestination(route: PositionedRoute): string {
    const words = routeDestinationWords(route);
    const queueId = /^queue (\d+)$/.exec(words)?.[1];
    const queue = queueId ? this.queues.view(Number(queueId)) : undefined;
    return queue ? `queue ${queue.name || queueId}${queue.number ? ` (${queue.number})` : ''}` : words;
  }
}
