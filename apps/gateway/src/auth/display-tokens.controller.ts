import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ok,
  type DisplayTokenCreated,
  type DisplayTokenRevoked,
  type DisplayTokenView,
  type Result,
  parseDisplayTokenRequest,
} from '@switchboard/live-protocol';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { AuditService } from '../ports/audit.service.js';
import { DisplayTokensService } from './display-tokens.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from './session.guard.js';
import { invalidInput, restError } from '../errors/rest-error.js';

/** Admins manage display links for wallboard TVs. */
@ApiTags('display tokens')
@ApiSignedIn()
@Controller('api/display-tokens')
@UseGuards(SessionGuard)
@RequireRole('admin')
export class DisplayTokensController {
  constructor(
    private readonly displays: DisplayTokensService,
    private readonly audit: AuditService,
  ) {}

  /** POST /api/display-tokens {name, queues}: the token is returned this once. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    operationId: 'display_tokens_create',
    summary: 'Create a read-only display link scoped to queues (admins); the token is shown once',
  })
  @ApiBody({ required: true, schema: REST_SCHEMAS.displayTokenRequest })
  @ApiResult(REST_SCHEMAS.displayTokenCreated, 'Created', HttpStatus.CREATED)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async create(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<DisplayTokenCreated>> {
    const request = parseDisplayTokenRequest(body);
    if (!request.ok) {
      this.audit.record({
        user: principal.session.user,
        action: 'display-token:create',
        target: '',
        result: 'error',
        detail: request.error.message,
      });
      throw invalidInput(request);
    }
    const created = await this.displays.create(request.data, principal.session.user);
    this.audit.record({
      user: principal.session.user,
      action: 'display-token:create',
      target: created.display.id,
      result: 'ok',
      detail: `"${created.display.name}" for queues ${created.display.queues.join(', ')}`,
    });
    return ok(created);
  }

  /** GET /api/display-tokens: every display link (without tokens). */
  @Get()
  @ApiOperation({ operationId: 'display_tokens_list', summary: 'Display links for wallboard TVs (admins)' })
  @ApiResult(REST_SCHEMAS.displayTokens, 'Display links, without their tokens')
  async list(): Promise<Result<DisplayTokenView[]>> {
    return ok(await this.displays.list());
  }

  /** DELETE /api/display-tokens/:id: revokes at once; displays using it are disconnected. */
  @Delete(':id')
  @ApiOperation({
    operationId: 'display_tokens_revoke',
    summary: 'Revoke a display link; displays using it are disconnected at once (admins)',
  })
  @ApiParam({ name: 'id', description: 'the display link’s id', schema: { type: 'string' } })
  @ApiResult(REST_SCHEMAS.displayTokenRevoked, 'Revoked')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async revoke(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<DisplayTokenRevoked>> {
    const removed = await this.displays.revoke(id);
    this.audit.record({
      user: principal.session.user,
      action: 'display-token:revoke',
      target: id,
      result: removed ? 'ok' : 'error',
      detail: removed ? 'revoked' : 'no such display token',
    });
    if (!removed) throw restError(HttpStatus.NOT_FOUND, 'not_found', `There is no display token ${id}.`);
    return ok({ revoked: id });
  }
}
