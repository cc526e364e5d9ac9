import type { IncomingMessage } from 'node:http';
import {
  createParamDecorator,
  HttpStatus,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@switchboard/live-protocol';
import { restError } from '../errors/rest-error.js';
import { AuthService } from './auth.service.js';
import { hasRole, type Principal } from '../access/principal.js';

const ROLE_KEY = 'switchboard:minimum-role';

/** The least role a REST handler (or every handler of a controller) needs; display links never qualify above viewer. */
export const RequireRole = (minimum: Role) => SetMetadata(ROLE_KEY, minimum);

/** A request after {@link SessionGuard} let it through. */
export type AuthenticatedRequest = IncomingMessage & { principal?: Principal };

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Authenticates every request of the handlers it guards (bearer token, or trusted proxy headers) and checks
 * the role set with {@link RequireRole}. The principal is put on the request for {@link CurrentPrincipal}.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const outcome = await this.auth.authenticate({
      token: bearerToken(request.headers.authorization),
      peer: request.socket.remoteAddress,
      headers: request.headers,
    });
    if (!outcome.ok)
      throw restError(
        outcome.code === 'forbidden' ? HttpStatus.FORBIDDEN : HttpStatus.UNAUTHORIZED,
        outcome.code,
        outcome.message,
      );
    const minimum = this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const { session } = outcome.principal;
    if (minimum && (!hasRole(session.role, minimum) || (session.display && minimum !== 'viewer')))
      throw restError(HttpStatus.FORBIDDEN, 'forbidden', `This needs the ${minimum} role.`);
    request.principal = outcome.principal;
    return true;
  }
}

/** The authenticated caller of a guarded REST handler. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (!principal) throw restError(HttpStatus.UNAUTHORIZED, 'unauthorized', 'Sign in first.');
    return principal;
  },
);
