import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ok,
  parseAlertChannelRequest,
  type AlertChannelCreated,
  type AlertChannelView,
  type DeliveryView,
  type Result,
} from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { invalidInput, restError } from '../errors/rest-error.js';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { AuditService } from '../ports/audit.service.js';
import type { StoredAlertChannel } from '../ports/alert-store.js';
import { AlertChannelsService, ChannelRefused, targetWords } from './alert-channels.service.js';
import { ALERT_SCHEMAS } from './alerts-schemas.js';

/** Admins manage contact points: where alerts go. Their URLs and signing secrets are never shown back. */
@ApiTags('alerts')
@ApiSignedIn()
@Controller('api/alert-channels')
@UseGuards(SessionGuard)
@RequireRole('admin')
export class AlertChannelsController {
  constructor(
    private readonly channels: AlertChannelsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'alert_channels_list',
    summary: 'Contact points and how their deliveries stand (admins)',
  })
  @ApiResult(ALERT_SCHEMAS.channels, 'Contact points, without their secrets')
  async list(): Promise<Result<AlertChannelView[]>> {
    return ok(await this.channels.list());
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    operationId: 'alert_channels_create',
    summary:
      'Add a contact point (admins); without rules it gets the defaults; a webhook’s signing secret is shown once',
  })
  @ApiBody({ required: true, schema: ALERT_SCHEMAS.channelRequest })
  @ApiResult(ALERT_SCHEMAS.channelCreated, 'Created', HttpStatus.CREATED)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async create(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<AlertChannelCreated>> {
    const user = principal.session.user;
    const request = parseAlertChannelRequest(body);
    if (!request.ok) {
      this.audit.record({
        user,
        action: 'alert-channel:create',
        target: '',
        result: 'error',
        detail: request.error.message,
      });
      throw invalidInput(request);
    }
    try {
      const created = await this.channels.create(request.data, user);
      this.record(user, 'alert-channel:create', created.channel, 'ok');
      return ok(created);
    } catch (error) {
      if (!(error instanceof ChannelRefused)) throw error;
      const message = `Invalid request: ${error.field} ${error.message}`;
      this.audit.record({
        user,
        action: 'alert-channel:create',
        target: '',
        result: 'error',
        detail: message,
      });
      throw restError(HttpStatus.BAD_REQUEST, 'invalid_payload', message, {
        fields: [{ field: error.field, message: error.message }],
      });
    }
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'alert_channels_test',
    summary: 'Send a test message now and answer its first attempt (admins); retries go on in the background',
  })
  @ApiParam({ name: 'id', description: 'the contact point’s id', schema: { type: 'string' } })
  @ApiResult(ALERT_SCHEMAS.delivery, 'The first attempt')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async test(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<DeliveryView>> {
    const channel = await this.found(id);
    const attempt = await this.channels.test(channel);
    this.record(
      principal.session.user,
      'alert-channel:test',
      channel,
      attempt.result === 'ok' ? 'ok' : 'error',
    );
    return ok(attempt);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'alert_channels_deliveries',
    summary: 'The last 50 delivery attempts, newest first (admins)',
  })
  @ApiParam({ name: 'id', description: 'the contact point’s id', schema: { type: 'string' } })
  @ApiResult(ALERT_SCHEMAS.deliveries, 'Attempts')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async deliveries(@Param('id') id: string): Promise<Result<DeliveryView[]>> {
    await this.found(id);
    return ok(await this.channels.log(id));
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'alert_channels_delete',
    summary: 'Delete a contact point; its waiting messages are dropped (admins)',
  })
  @ApiParam({ name: 'id', description: 'the contact point’s id', schema: { type: 'string' } })
  @ApiResult(ALERT_SCHEMAS.channelDeleted, 'Deleted')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async remove(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<{ deleted: string }>> {
    const removed = await this.channels.remove(id);
    if (!removed) throw notFound(id);
    this.record(principal.session.user, 'alert-channel:delete', removed, 'ok');
    return ok({ deleted: id });
  }

  private async found(id: string): Promise<StoredAlertChannel> {
    const channel = await this.channels.get(id);
    if (!channel) throw notFound(id);
    return channel;
  }

  private record(
    user: string,
    action: 'alert-channel:create' | 'alert-channel:delete' | 'alert-channel:test',
    channel: Pick<StoredAlertChannel, 'id' | 'name' | 'kind' | 'url' | 'address'> | AlertChannelView,
    result: 'ok' | 'error',
  ): void {
    // The target in words is the URL's host at most: the audit trail never holds a webhook's path.
    const target = 'target' in channel ? channel.target : targetWords(channel);
    this.audit.record({
      user,
      action,
      target: channel.id,
      result,
      detail: `${channel.kind} “${channel.name}” (${target})`,
      facts: { name: channel.name },
    });
  }
}

function notFound(id: string) {
  return restError(HttpStatus.NOT_FOUND, 'not_found', `There is no contact point ${id}.`);
}
