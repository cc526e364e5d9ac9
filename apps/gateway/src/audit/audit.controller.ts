import { Controller, Get, HttpStatus, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { parseAuditQuery, type AuditEntryView, type Result } from '@switchboard/live-protocol';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { restError } from '../errors/rest-error.js';

/**
 * GET /api/audit?limit=: recent audit entries, newest first, for supervisors and admins; each reader gets the
 * entries it may see (as `audit:recent`).
 */
@ApiTags('audit')
@ApiSignedIn()
@Controller('api/audit')
@UseGuards(SessionGuard)
@RequireRole('supervisor')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({
    operationId: 'audit_recent',
    summary:
      'Recent audit entries, newest first (supervisors and admins; each sees the entries of its queues)',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    description: 'how many entries, at most (default 100)',
    schema: { type: 'integer', minimum: 1, maximum: 500 },
  })
  @ApiResult(REST_SCHEMAS.auditEntries, 'Entries, newest first')
  @ApiErrors(HttpStatus.BAD_REQUEST)
  recent(@CurrentPrincipal() principal: Principal, @Query('limit') limit?: string): Result<AuditEntryView[]> {
    const parsed = parseAuditQuery(
      limit === undefined ? {} : { limit: /^\d+$/.test(limit) ? Number(limit) : limit },
    );
    if (!parsed.ok)
      throw restError(400, parsed.error.code, parsed.error.message, { fields: parsed.error.fields });
    return { ok: true, data: this.audit.recent(parsed.data.limit, principal.session) };
  }
}
