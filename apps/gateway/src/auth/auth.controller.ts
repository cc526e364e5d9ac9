import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ok, type Result, type SessionInfo } from '@switchboard/live-protocol';
import { AuthService } from './auth.service.js';
import type { Principal } from './principal.js';
import { CurrentPrincipal, restError, SessionGuard } from './session.guard.js';

/** Answer of a successful login. */
export interface LoginAnswer {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
  session: SessionInfo;
}

/** Password sign-in, the current session, sign-out. */
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** POST /api/auth/login {username, password}: a short-lived session token. */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body() body: unknown,
    @Req() request: IncomingMessage,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<LoginAnswer>> {
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const address = this.auth.clientAddress(request.socket.remoteAddress, request.headers);
    const outcome = await this.auth.login(input['username'], input['password'], address);
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
  session(
    @CurrentPrincipal() principal: Principal,
  ): Result<{ session: SessionInfo; expiresAt: number | null }> {
    const expiresAt = principal.source.kind === 'session' ? principal.source.expiresAt : null;
    return ok({ session: principal.session, expiresAt });
  }

  /** POST /api/auth/logout: the token stops working now, and sockets using it are closed. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  logout(@CurrentPrincipal() principal: Principal): Result<{ signedOut: true }> {
    this.auth.logout(principal);
    return ok({ signedOut: true });
  }
}
