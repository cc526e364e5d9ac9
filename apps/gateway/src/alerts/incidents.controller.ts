import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ok,
  parseAcknowledgeLink,
  type IncidentView,
  type IncidentsAnswer,
  type Result,
} from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { readInput, restError } from '../errors/rest-error.js';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { ALERT_SCHEMAS } from './alerts-schemas.js';
import { IncidentsService } from './incidents.service.js';

/**
 * Incidents: supervisors and admins list those of their queues (and of the whole PBX) and acknowledge them for
 * everyone. Display links and viewers do not: acknowledging is a supervisor's call.
 */
@ApiTags('alerts')
@ApiSignedIn()
@Controller('api/incidents')
@UseGuards(SessionGuard)
@RequireRole('supervisor')
export class IncidentsController {
  constructor(private readonly incidents: IncidentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'incidents_list',
    summary: 'Open incidents and the last resolved ones, of the caller’s queues',
  })
  @ApiResult(ALERT_SCHEMAS.incidents, 'Open and recent incidents')
  async list(@CurrentPrincipal() principal: Principal): Promise<Result<IncidentsAnswer>> {
    return ok(await this.incidents.list(principal.session));
  }

  @Post(':id/acknowledge')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'incidents_acknowledge',
    summary: 'Acknowledge an incident for everyone: no more reminders; the first acknowledgement is kept',
  })
  @ApiParam({ name: 'id', description: 'the incident’s id', schema: { type: 'string' } })
  @ApiResult(ALERT_SCHEMAS.incident, 'The incident as it now is')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async acknowledge(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<IncidentView>> {
    const result = await this.incidents.acknowledge(id, principal.session);
    if (!result.ok)
      throw restError(HttpStatus.NOT_FOUND, 'not_found', `There is no incident ${id} in your queues.`);
    return ok(result.incident);
  }
}

/**
 * The acknowledge links of messages (docs/alerting.md): open to anyone holding a link, which is signed for one
 * incident and one contact point and expires; the page shows the incident and asks once more, so a chat
 * app's link preview never acknowledges by itself.
 */
@ApiTags('alerts')
@Controller('api/acknowledge-link')
export class IncidentLinksController {
  constructor(private readonly incidents: IncidentsService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'incidents_by_link',
    summary: 'The incident an acknowledge link names (no sign-in: the link is the key)',
  })
  @ApiBody({ required: true, schema: ALERT_SCHEMAS.acknowledgeByLink })
  @ApiResult(ALERT_SCHEMAS.incidentByLink, 'The incident and the contact point the link went to')
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async show(@Body() body: unknown): Promise<Result<{ incident: IncidentView; channel: string }>> {
    const { token } = readInput(parseAcknowledgeLink, body);
    const found = await this.incidents.byLink(token);
    if (!found.ok) throw linkRefused(found.reason);
    return ok({ incident: found.incident, channel: found.channel });
  }

  @Post('acknowledge')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'incidents_acknowledge_by_link',
    summary: 'Acknowledge the incident an acknowledge link names',
  })
  @ApiBody({ required: true, schema: ALERT_SCHEMAS.acknowledgeByLink })
  @ApiResult(ALERT_SCHEMAS.incident, 'The incident as it now is')
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async acknowledge(@Body() body: unknown): Promise<Result<IncidentView>> {
    const { token, name } = readInput(parseAcknowledgeLink, body);
    const result = await this.incidents.acknowledgeByLink(token, name);
    if (!result.ok) throw linkRefused(result.reason);
    return ok(result.incident);
  }
}

function linkRefused(reason: string) {
  return restError(HttpStatus.NOT_FOUND, 'not_found', `This acknowledge link cannot be used: ${reason}.`);
}
