import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ok,
  type AuthOptionsAnswer,
  type LoginAnswer,
  type LoginRequest,
  type LogoutAnswer,
  type Result,
  type SessionAnswer,
} from '@switchboard/live-protocol';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { AuthService } from './auth.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, SessionGuard } from './session.guard.js';
import { restError } from '../errors/rest-error.js';
import { UserDirectory } from './user-directory.js';

/** Password sign-in, the current session, sign-out, and what the login page may say beforehand. */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UserDirectory,
  ) {}

  /**
   * GET /api/auth/options: open to everyone by design (the login page asks before anyone signs in) and
   * free of side effects; it names the demo accounts only while they are active, and never a hash.
   */
  @Get('options')
  @ApiOperation({
    operationId: 'auth_options',
    summary: 'What the login page may show before sign-in: the demo accounts while demo users are active',
  })
  @ApiResult(REST_SCHEMAS.authOptions, 'Sign-in options')
  options(): Result<AuthOptionsAnswer> {
    return ok({ demoAccounts: this.users.demoAccounts() });
  }

  /** POST /api/auth/login {username, password}: a short-lived session token. */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'auth_login',
    summary: 'Sign in with a username and password; returns a short-lived session token',
  })
  @ApiBody({ required: true, schema: REST_SCHEMAS.loginRequest })
  @ApiResult(REST_SCHEMAS.loginAnswer, 'Signed in')
  @ApiErrors(HttpStatus.UNAUTHORIZED, HttpStatus.TOO_MANY_REQUESTS)
  async login(
    @Body() body: unknown,
    @Req() request: IncomingMessage,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<LoginAnswer>> {
    // Read as untrusted: the service checks each field's type.
    const input = (typeof body === 'object' && body !== null ? body : {}) as Partial<
      Record<keyof LoginRequest, unknown>
    >;
    const address = this.auth.clientAddress(request.socket.remoteAddress, request.headers);
    const outcome = await this.auth.login(input.username, input.password, address);
    if (!outcome.ok) {
      if (outcome.code === 'rate_limited') {
        response.setHeader('Retry-After', String(outcome.retryAfterSec));
        throw restError(HttpStatus.TOO_MANY_REQUESTS, 'rate_limited', outcome.message);
      }
      throw restError(HttpStatus.UNAUTHORIZED, 'unauthorized', outcome.message);
    }
    return ok({ token: outcome.token, expiresAt: outcome.expiresAt, session: outcome.session });
  }

  /** GET /api/auth/session: who the token (or proxy) says the caller is. */
  @Get('session')
  @UseGuards(SessionGuard)
  @ApiOperation({ operationId: 'auth_session', summary: 'The caller’s session' })
  @ApiSignedIn()
  @ApiResult(REST_SCHEMAS.sessionAnswer, 'Session')
  session(@CurrentPrincipal() principal: Principal): Result<SessionAnswer> {
    const expiresAt = principal.source.kind === 'session' ? principal.source.expiresAt : null;
    return ok({ session: principal.session, expiresAt });
  }

  /** POST /api/auth/logout: the token stops working now, and sockets using it are closed. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  @ApiOperation({ operationId: 'auth_logout', summary: 'End the session now (its sockets are closed)' })
  @ApiSignedIn()
  @ApiResult(REST_SCHEMAS.logoutAnswer, 'Signed out')
  logout(@CurrentPrincipal() principal: Principal): Result<LogoutAnswer> {
    this.auth.logout(principal);
    return ok({ signedOut: true });
  }
}
