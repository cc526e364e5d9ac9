import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { parseAuditQuery, type AuditEntryView, type Result } from '@switchboard/live-protocol';
import { AuditService } from './audit.service.js';
import type { Principal } from '../auth/principal.js';
import { CurrentPrincipal, RequireRole, restError, SessionGuard } from '../auth/session.guard.js';

/**
 * GET /api/audit?limit=: recent audit entries, newest first, for supervisors and admins; each reader gets the
 * entries it may see (as `audit:recent`).
 */
@Controller('api/audit')
@UseGuards(SessionGuard)
@RequireRole('supervisor')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  recent(@CurrentPrincipal() principal: Principal, @Query('limit') limit?: string): Result<AuditEntryView[]> {
    const parsed = parseAuditQuery(
      limit === undefined ? {} : { limit: /^\d+$/.test(limit) ? Number(limit) : limit },
    );
    if (!parsed.ok)
      throw restError(400, parsed.error.code, parsed.error.message, { fields: parsed.error.fields });
    return { ok: true, data: this.audit.recent(parsed.data.limit, principal.session) };
  }
}
