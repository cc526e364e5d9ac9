import type { ServerResponse } from 'node:http';
import { Body, Controller, HttpCode, HttpStatus, Logger, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ok, type AdminPbxAnswer } from '@switchboard/live-protocol';
import { PbxApiError, PbxError, PbxValidationError, validate } from '@switchboard/pbx-api';
import { ApiErrors, ApiResult, ApiSignedIn, PBX_OPERATION_TEMPLATE_ID } from '../api-docs/api-responses.js';
import { REST_SCHEMAS } from '../api-docs/rest-schemas.js';
import { AuditService } from '../audit/audit.service.js';
import type { Principal } from '../auth/principal.js';
import { CurrentPrincipal, RequireRole, restError, SessionGuard } from '../auth/session.guard.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { BudgetBusyError } from '../pbx/request-budget.js';
import { findAdminOperation } from './admin-operations.js';

/**
 * Admin calls share the PBX request budget behind polls and supervisors' commands. One that would wait
 * longer than this is refused with 429 and Retry-After, so a burst can neither starve the polls that keep
 * screens fresh nor pile up requests that time out anyway.
 */
export const ADMIN_MAX_BUDGET_WAIT_MS = 2_000;

/** Parameters that identify what an operation acts on; only these reach the audit log, never whole bodies. */
const TARGET_KEYS = [
  'id',
  'ids',
  'number',
  'ext_id',
  'channel_id',
  'extension',
  'call_id',
  'name',
  'monitor',
];

function targetOf(params: Record<string, unknown>): string {
  return TARGET_KEYS.filter((key) => typeof params[key] === 'string' || typeof params[key] === 'number')
    .slice(0, 2)
    .map((key) => `${key}=${String(params[key])}`)
    .join(' ');
}

/**
 * Every pbx-api operation for admins: POST /api/pbx/<resource>/<action> with the operation's parameters as
 * the JSON body. Bodies are checked with the operation's rules (400 naming each field), calls are audited,
 * and failures are mapped: PBX errcode -> 502 with errcode and errmsg, PBX unreachable -> 503, request
 * budget full -> 429 with Retry-After.
 */
@ApiTags('pbx')
@ApiSignedIn()
@Controller('api/pbx')
@UseGuards(SessionGuard)
@RequireRole('admin')
export class AdminPbxController {
  private readonly log = new Logger('AdminPbx');

  constructor(
    private readonly pbx: PbxConnectionService,
    private readonly audit: AuditService,
  ) {}

  @Post(':resource/:action')
  @HttpCode(HttpStatus.OK)
  // The document lists one path per operation instead, each with its own body schema (openapi-document.ts).
  @ApiOperation({
    operationId: PBX_OPERATION_TEMPLATE_ID,
    description:
      'Admins only. The body is checked against the same rules the PBX client uses; the call is audited.',
  })
  @ApiParam({ name: 'resource', schema: { type: 'string' } })
  @ApiParam({ name: 'action', schema: { type: 'string' } })
  @ApiBody({ schema: { type: 'object' } })
  @ApiResult(REST_SCHEMAS.pbxAnswer, 'The PBX’s answer')
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.TOO_MANY_REQUESTS,
    HttpStatus.BAD_GATEWAY,
    HttpStatus.SERVICE_UNAVAILABLE,
  )
  async call(
    @Param('resource') resource: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AdminPbxAnswer> {
    const name = `${resource}/${action}`;
    const operation = findAdminOperation(name);
    if (!operation)
      throw restError(
        HttpStatus.NOT_FOUND,
        'not_found',
        `There is no PBX operation ${name}; see /api/docs for the list.`,
      );
    const params = (body ?? {}) as Record<string, unknown>;
    const record = (result: 'ok' | 'error', detail: string) =>
      this.audit.record({
        user: principal.session.user,
        action: `pbx:${name}`,
        target: typeof params === 'object' && params !== null ? targetOf(params) : '',
        result,
        detail,
      });
    const violations = validate(operation.spec.params, params, { rejectUnknown: true });
    if (violations.length > 0) {
      const message = `Invalid request: ${violations.map((v) => `${v.field} ${v.message}`).join('; ')}`;
      // Messages can quote the rejected value (a password in the wrong type, say): the log gets field names only.
      record('error', `invalid ${violations.map((v) => `${v.field} (${v.rule})`).join(', ')}`);
      throw restError(HttpStatus.BAD_REQUEST, 'invalid_payload', message, {
        fields: violations.map((v) => ({ field: v.field, message: v.message })),
      });
    }
    try {
      const answer = await this.pbx.request(name, (client) => operation.invoke(client, params), {
        priority: 'background',
        maxWaitMs: ADMIN_MAX_BUDGET_WAIT_MS,
      });
      record('ok', 'done');
      return ok(answer);
    } catch (error) {
      if (error instanceof BudgetBusyError) {
        // Not sent, so not audited: nothing happened at the PBX.
        const retryAfterSec = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
        response.setHeader('Retry-After', String(retryAfterSec));
        throw restError(
          HttpStatus.TOO_MANY_REQUESTS,
          'rate_limited',
          `The PBX request budget is taken by live screens and other admin calls; retry in ${retryAfterSec} s.`,
          { retryAfterSec },
        );
      }
      throw this.failure(error, name, record);
    }
  }

  private failure(error: unknown, name: string, record: (result: 'error', detail: string) => void): Error {
    if (error instanceof PbxValidationError) {
      record('error', `invalid ${error.violations.map((v) => `${v.field} (${v.rule})`).join(', ')}`);
      return restError(HttpStatus.BAD_REQUEST, 'invalid_payload', error.message, {
        fields: error.violations.map((v) => ({ field: v.field, message: v.message })),
      });
    }
    if (error instanceof PbxApiError) {
      const message = `The PBX refused ${name}: ${error.errmsg} (errcode ${error.errcode}).`;
      record('error', message);
      return restError(HttpStatus.BAD_GATEWAY, 'pbx_error', message, {
        errcode: error.errcode,
        errmsg: error.errmsg,
        invalidParams: error.invalidParamList,
      });
    }
    const detail = describePbxError(error);
    record('error', detail);
    if (error instanceof PbxError) {
      this.log.warn({ msg: 'admin PBX call failed', operation: name, error: detail });
      return restError(
        HttpStatus.SERVICE_UNAVAILABLE,
        'pbx_unavailable',
        `The PBX cannot be reached right now (${name}).`,
      );
    }
    this.log.error({ msg: 'admin PBX call failed unexpectedly', operation: name, error: detail });
    return restError(
      HttpStatus.INTERNAL_SERVER_ERROR,
      'internal',
      'Something went wrong; it has been logged.',
    );
  }
}
