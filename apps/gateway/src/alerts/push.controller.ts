import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ok,
  parsePushDecision,
  parsePushSubscription,
  PayloadReader,
  type ErrorCode,
  type HeldCallView,
  type Result,
} from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { CommandsGateway } from '../commands/commands.gateway.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { readInput, restError } from '../errors/rest-error.js';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { AuditService } from '../ports/audit.service.js';
import { HeldCallPushService } from './held-call-push.service.js';
import { PushFanout } from './push-fanout.js';
import { PUSH_SCHEMAS } from './push-schemas.js';

/**
 * Web push for supervisors who opt in, one subscription per browser: the key to subscribe with, opting in and
 * out. Supervisors and admins only, never display links: what arrives is held calls to decide and alerts.
 */
@ApiTags('push')
@ApiSignedIn()
@Controller('api/push')
@UseGuards(SessionGuard)
@RequireRole('supervisor')
export class PushSubscriptionsController {
  constructor(
    private readonly push: PushFanout,
    private readonly audit: AuditService,
  ) {}

  @Get('vapid-public-key')
  @ApiOperation({
    operationId: 'push_public_key',
    summary: 'The key a browser subscribes to this gateway’s pushes with',
  })
  @ApiResult(PUSH_SCHEMAS.publicKey, 'The VAPID public key (base64url)')
  async publicKey(): Promise<Result<{ publicKey: string }>> {
    return ok({ publicKey: await this.push.publicKey() });
  }

  @Post('subscriptions')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'push_subscribe',
    summary:
      'Opt this browser in (or refresh it): held calls of your queues and alerts arrive as notifications',
  })
  @ApiBody({ required: true, schema: PUSH_SCHEMAS.subscription })
  @ApiResult(PUSH_SCHEMAS.subscribed, 'Subscribed')
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async subscribe(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<{ subscribed: true }>> {
    const request = readInput(parsePushSubscription, body);
    const known = await this.push.subscribed(principal.session.user, request.endpoint);
    await this.push.subscribe(principal.session, request);
    if (!known) this.record(principal.session.user, 'subscribe');
    return ok({ subscribed: true });
  }

  @Delete('subscriptions')
  @ApiOperation({ operationId: 'push_unsubscribe', summary: 'Opt this browser out' })
  @ApiBody({ required: true, schema: PUSH_SCHEMAS.unsubscribe })
  @ApiResult(PUSH_SCHEMAS.unsubscribed, 'Unsubscribed')
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async unsubscribe(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<{ unsubscribed: true }>> {
    const { endpoint } = readInput(parseEndpoint, body);
    if (!(await this.push.unsubscribe(principal.session.user, endpoint)))
      throw restError(HttpStatus.NOT_FOUND, 'not_found', 'This browser is not subscribed for you.');
    this.record(principal.session.user, 'unsubscribe');
    return ok({ unsubscribed: true });
  }

  private record(user: string, operation: 'subscribe' | 'unsubscribe'): void {
    this.audit.record({
      user,
      action: 'push:subscribe',
      target: user,
      result: 'ok',
      detail: operation,
      facts: { operation },
    });
  }
}

function parseEndpoint(body: unknown): Result<{ endpoint: string }> {
  const r = new PayloadReader(body);
  const endpoint = r.text('endpoint', 2_000);
  return r.result({ endpoint });
}

/**
 * Accept / Refuse from a held call's notification. A service worker holds no session: the action token, signed
 * for one user and one call until the PBX's window ends, stands in for it, and the user must still be opted in
 * (their role and queues as they last subscribed). Then the socket command's path: first decision wins.
 */
@ApiTags('push')
@Controller('api/push/held-call-decision')
export class PushDecisionController {
  private readonly holdWindowMs: number;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly heldCallPush: HeldCallPushService,
    private readonly push: PushFanout,
    private readonly commands: CommandsGateway,
  ) {
    this.holdWindowMs = config.pbx.holdWindowMs;
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'push_held_call_decision',
    summary: 'Accept or refuse a held call from its notification (the action token is the credential)',
  })
  @ApiBody({ required: true, schema: PUSH_SCHEMAS.decision })
  @ApiResult(PUSH_SCHEMAS.decided, 'The held call as it now is')
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async decide(@Body() body: unknown): Promise<Result<HeldCallView>> {
    const { actionToken, action } = readInput(parsePushDecision, body);
    const token = this.heldCallPush.readToken(actionToken);
    if (!token.ok)
      throw token.expired
        ? restError(HttpStatus.CONFLICT, 'conflict', 'Too late: the PBX’s window for this call has ended.')
        : restError(HttpStatus.UNAUTHORIZED, 'unauthorized', 'This notification’s action is not valid.');
    const subscription = await this.push.subscriptionOf(token.claims.user);
    if (!subscription)
      throw restError(
        HttpStatus.UNAUTHORIZED,
        'unauthorized',
        'Phone notifications are off for you: sign in to decide.',
      );
    const principal: Principal = {
      session: {
        user: subscription.user,
        role: subscription.role,
        queues: subscription.queues,
        display: false,
        features: { listen: false, agentLogin: false, uacsta: false },
        holdWindowMs: this.holdWindowMs,
      },
      source: { kind: 'push', user: subscription.user },
      extension: null,
    };
    const result = await this.commands.decideAs(principal, { callId: token.claims.callId, decision: action });
    if (!result.ok) throw decisionRefused(result);
    return result;
  }
}

/** The HTTP status of each way a decision can be refused; the message is the command's own. */
const REFUSAL_STATUS: Record<ErrorCode, number> = {
  invalid_payload: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  pbx_error: HttpStatus.BAD_GATEWAY,
  pbx_unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  internal: HttpStatus.INTERNAL_SERVER_ERROR,
};

function decisionRefused(result: Extract<Result<unknown>, { ok: false }>) {
  const { code, message } = result.error;
  return restError(REFUSAL_STATUS[code], code, message);
}
