import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ok, type Result } from '@switchboard/live-protocol';
import { AuditService } from '../audit/audit.service.js';
import {
  DisplayTokenInputError,
  DisplayTokensService,
  type DisplayTokenView,
} from './display-tokens.service.js';
import type { Principal } from './principal.js';
import { CurrentPrincipal, RequireRole, restError, SessionGuard } from './session.guard.js';

/** Admins manage display links for wallboard TVs. */
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
  async create(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<{ token: string; display: DisplayTokenView }>> {
    try {
      const created = await this.displays.create(body, principal.session.user);
      this.audit.record({
        user: principal.session.user,
        action: 'display-token:create',
        target: created.display.id,
        result: 'ok',
        detail: `"${created.display.name}" for queues ${created.display.queues.join(', ')}`,
      });
      return ok(created);
    } catch (error) {
      if (!(error instanceof DisplayTokenInputError)) throw error;
      this.audit.record({
        user: principal.session.user,
        action: 'display-token:create',
        target: '',
        result: 'error',
        detail: error.message,
      });
      throw restError(HttpStatus.BAD_REQUEST, 'invalid_payload', error.message, { fields: error.fields });
    }
  }

  /** GET /api/display-tokens: every display link (without tokens). */
  @Get()
  async list(): Promise<Result<DisplayTokenView[]>> {
    return ok(await this.displays.list());
  }

  /** DELETE /api/display-tokens/:id: revokes at once; displays using it are disconnected. */
  @Delete(':id')
  async revoke(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<{ revoked: string }>> {
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
