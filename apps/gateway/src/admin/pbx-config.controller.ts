import { Controller, Get, HttpStatus, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ok,
  type InboundRoutesAnswer,
  type InboundRouteView,
  type RestResult,
} from '@switchboard/live-protocol';
import type { InboundRoute } from '@switchboard/pbx-api';
import { ApiErrors, ApiResult, ApiSignedIn } from '../api-docs/api-responses.js';
import { REST_SCHEMAS } from '../api-docs/rest-schemas.js';
import { RequireRole, restError, SessionGuard } from '../auth/session.guard.js';
import { InboundRoutesService } from '../inbound/inbound-routes.service.js';
import { routeDestinationWords } from '../inbound/inbound-routes.js';
import { QueuesService } from '../queues/queues.service.js';

const texts = (values: readonly (string | undefined)[]) =>
  values.map((value) => (value ?? '').trim()).filter((value) => value !== '');

/** A route's DID condition as the admin reads it: patterns, the pattern-to-extension forms, or a range. */
function didPatterns(route: InboundRoute): string[] {
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
 * Configuration the PBX has no list operation for, read by the gateway's own services, for the admin screens.
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
    summary: 'Every inbound route: DID and caller-ID patterns, trunks, default destination in words',
    description:
      'Admins only. The PBX has no list of routes; the gateway finds them all through inbound_route/query in ' +
      'blocks of ids and reads them again with the queue list. 503 until the first read.',
  })
  @ApiResult(REST_SCHEMAS.inboundRoutes, 'The routes, by id')
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

  private view(route: InboundRoute): InboundRouteView {
    return {
      id: route.id,
      name: route.name,
      didPatterns: didPatterns(route),
      callerIdPatterns:
        route.cid_option === 'phonebook'
          ? []
          : texts((route.cid_pattern_list ?? []).map((item) => item.cid_pattern)),
      callerIdPhonebooks: route.cid_option === 'phonebook' ? [...route.cid_to_phonebook] : [],
      trunks: texts((route.trunk_list ?? []).map((trunk) => trunk.name)),
      destination: this.destination(route),
    };
  }

  /** The route's words, with the queue's name and number where the gateway watches that queue. */
  private destination(route: InboundRoute): string {
    const words = routeDestinationWords(route);
    const queueId = /^queue (\d+)$/.exec(words)?.[1];
    const queue = queueId ? this.queues.view(Number(queueId)) : undefined;
    return queue ? `queue ${queue.name || queueId}${queue.number ? ` (${queue.number})` : ''}` : words;
  }
}
