import type { ServerResponse } from 'node:http';
import { Body, Controller, HttpCode, HttpStatus, Logger, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ok, type AdminPbxAnswer, type AuditChange, type AuditFacts } from '@switchboard/live-protocol';
import { canonicalParams, validate } from '@switchboard/pbx-api';
import { ApiErrors, ApiResult, ApiSignedIn, PBX_OPERATION_TEMPLATE_ID } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { classifyPbxFailure, type PbxFailure } from '../errors/pbx-failure.js';
import { restError } from '../errors/rest-error.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { BudgetBusyError } from '../pbx/request-budget.js';
import { findAdminOperation, type AdminOperation } from './admin-operations.js';
import { auditSummary } from './audit-summaries.js';
import {
  changesConfiguration,
  createdChanges,
  createdItem,
  deletedChanges,
  findItem,
  itemRead,
  itemWords,
  updatedChanges,
  wholeListItem,
  type PbxItem,
} from './config-audit.js';
import { pbxRefusal } from './pbx-refusal.js';
import { auditedKind, operationKind, type PbxOperationKind } from './operation-kind.js';
import { withoutSecrets } from './secret-fields.js';

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
 * the JSON body. Bodies are checked with the operation's rules (400 naming each field); calls that change
 * something are audited, reads only counted (switchboard_admin_pbx_reads_total); failures are mapped: PBX
 * errcode -> 502 in plain words with each field the PBX named, PBX unreachable -> 503, request budget full ->
 * 429 with Retry-After.
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
    private readonly metrics: MetricsService,
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
    const kind = operationKind(name, operation.spec);
    let facts: AuditFacts | undefined;
    // Reads change nothing: counted, not written to the trail, so it keeps what changed.
    const audited = auditedKind(name, kind);
    const record = (result: 'ok' | 'error', detail: string, changes?: AuditChange[]) => {
      if (!audited) {
        this.metrics.adminPbxRead(name, result);
        return;
      }
      this.audit.record({
        user: principal.session.user,
        action: `pbx:${name}`,
        target: typeof params === 'object' && params !== null ? targetOf(params) : '',
        result,
        detail,
        ...(facts ? { facts } : {}),
        ...(changes ? { changes } : {}),
      });
    };
    const violations = validate(operation.spec.params, params, { rejectUnknown: true });
    if (violations.length > 0) {
      const message = `Invalid request: ${violations.map((v) => `${v.field} ${v.message}`).join('; ')}`;
      // Messages can quote the rejected value (a password in the wrong type, say): the log gets field names only.
      record('error', `invalid ${violations.map((v) => `${v.field} (${v.rule})`).join(', ')}`);
      throw restError(HttpStatus.BAD_REQUEST, 'invalid_payload', message, {
        fields: violations.map((v) => ({ field: v.field, message: v.message })),
      });
    }
    // Other spellings of a field (quirks.ts) become the field's own name, as the typed client takes it.
    const canonical = canonicalParams(operation.spec.params, params);
    const bulk = auditSummary(name, canonical);
    try {
      const before =
        kind === 'update' || kind === 'delete' ? await this.currentItem(name, canonical) : undefined;
      if (bulk) facts = { summary: bulk.summary, ...(changesConfiguration(kind) ? { change: kind } : {}) };
      else if (changesConfiguration(kind)) facts = { item: itemWords(name, before, canonical), change: kind };
      const answer = await this.pbx.request(name, (client) => operation.invoke(client, canonical), {
        priority: 'background',
        maxWaitMs: ADMIN_MAX_BUDGET_WAIT_MS,
      });
      // A create answers the new item's id: the sentence names it.
      if (kind === 'create' && !bulk)
        facts = { item: itemWords(name, createdItem(answer), canonical), change: kind };
      record('ok', 'done', bulk ? bulk.changes : this.changesOf(kind, before, canonical));
      return ok(withoutSecrets(answer));
    } catch (error) {
      const failure = classifyPbxFailure(error);
      if (failure.kind === 'busy') {
        // Not sent, so not audited: nothing happened at the PBX.
        response.setHeader('Retry-After', String(failure.retryAfterSec));
        throw restError(
          failure.status,
          failure.code,
          `The PBX request budget is taken by live screens and other admin calls; retry in ${failure.retryAfterSec} s.`,
          { retryAfterSec: failure.retryAfterSec },
        );
      }
      throw this.failure(failure, error, name, kind, canonical, record);
    }
  }

  /** What the audit records of a configuration change: created fields, before -> after, or what was deleted. */
  private changesOf(kind: string, before: PbxItem | undefined, body: PbxItem): AuditChange[] | undefined {
    if (kind === 'create') return createdChanges(body);
    if (kind === 'update') return updatedChanges(before, body);
    if (kind === 'delete') return deletedChanges(before, body);
    return undefined;
  }

  /**
   * The item an update or delete acts on, read first (X/get, else X/query) for the audit's before -> after:
   * one more PBX request in the same budget. A full budget refuses the change (nothing was sent); any other
   * failure to read leaves the before unknown and the change goes ahead.
   */
  private async currentItem(name: string, body: PbxItem): Promise<PbxItem | undefined> {
    const read = itemRead(name, body, (candidate) => findAdminOperation(candidate) !== undefined);
    const reader: AdminOperation | undefined = read && findAdminOperation(read.name);
    if (!read || !reader) return undefined;
    try {
      const answer = await this.pbx.request(read.name, (client) => reader.invoke(client, read.params), {
        priority: 'background',
        maxWaitMs: ADMIN_MAX_BUDGET_WAIT_MS,
      });
      return wholeListItem(name, answer) ?? findItem(answer, body['id']);
    } catch (error) {
      if (error instanceof BudgetBusyError) throw error;
      this.log.warn({ msg: 'could not read the item before a change', operation: read.name });
      return undefined;
    }
  }

  private failure(
    failure: Exclude<PbxFailure, { kind: 'busy' }>,
    error: unknown,
    name: string,
    kind: PbxOperationKind,
    body: Record<string, unknown>,
    record: (result: 'error', detail: string) => void,
  ): Error {
    const { status, code } = failure;
    if (failure.kind === 'invalid') {
      const { violations, message } = failure.error;
      record('error', `invalid ${violations.map((v) => `${v.field} (${v.rule})`).join(', ')}`);
      return restError(status, code, message, { fields: failure.fields });
    }
    if (failure.kind === 'refused') {
      // Words for people (message, fields); the PBX's own code and list stay beside them for programs.
      const refusal = pbxRefusal(name, kind, failure.error, body);
      record('error', refusal.message);
      return restError(status, code, refusal.message, {
        errcode: failure.error.errcode,
        errmsg: failure.error.errmsg,
        invalidParams: failure.error.invalidParamList,
        ...(refusal.fields.length > 0 ? { fields: refusal.fields } : {}),
      });
    }
    const detail = describePbxError(error);
    record('error', detail);
    if (failure.kind !== 'internal') {
      this.log.warn({ msg: 'admin PBX call failed', operation: name, error: detail });
      return restError(status, code, 'The PBX cannot be reached right now; try again in a moment.');
    }
    this.log.error({ msg: 'admin PBX call failed unexpectedly', operation: name, error: detail });
    return restError(status, code, 'Something went wrong; it has been logged.');
  }
}
