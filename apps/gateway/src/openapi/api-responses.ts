import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { ref } from './rest-schemas.js';

/** The name of the bearer scheme in the document. */
export const BEARER_SCHEME = 'bearer';

/**
 * The operationId of AdminPbxController's one route, POST /api/pbx/:resource/:action. Its documentation (tags
 * aside) is the template of every operation's own path; the parametric path itself is not listed.
 */
export const PBX_OPERATION_TEMPLATE_ID = 'pbx_operation';

/** Statuses a route may answer in the one error shape, with what each means. */
const ERROR_TEXT = {
  [HttpStatus.BAD_REQUEST]: 'Invalid request (`invalid_payload`): every failing field is listed',
  [HttpStatus.UNAUTHORIZED]: 'Not signed in, or the token expired or was revoked (`unauthorized`)',
  [HttpStatus.FORBIDDEN]: 'The role, a display link or the proxy’s groups do not allow this (`forbidden`)',
  [HttpStatus.NOT_FOUND]: 'No such item (`not_found`)',
  [HttpStatus.CONFLICT]: 'Someone or something came first: already decided, or too late (`conflict`)',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests (`rate_limited`); see Retry-After',
  [HttpStatus.BAD_GATEWAY]: 'The PBX refused the call (`pbx_error`, with its errcode and errmsg)',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'The PBX cannot be reached (`pbx_unavailable`)',
} as const;

/** A status documented as an error answer. */
export type ErrorStatus = keyof typeof ERROR_TEXT;

/** A Result: `{ok: true, data}` or `{ok: false, error}`. */
function envelope(properties: Record<'ok', SchemaObject> & Record<string, SchemaObject | ReferenceObject>) {
  return { type: 'object', properties, required: Object.keys(properties) } satisfies SchemaObject;
}

/** The error answers a route gives, each in the one shape `{ok: false, error: {code, message, fields?}}`. */
export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_TEXT[status],
        schema: envelope({ ok: { type: 'boolean', enum: [false] }, error: ref('RestError') }),
      }),
    ),
  );
}

/** A success answer in the Result envelope: `{ok: true, data}`. */
export function ApiResult(
  data: SchemaObject,
  description: string,
  status: HttpStatus = HttpStatus.OK,
): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status,
    description,
    schema: envelope({ ok: { type: 'boolean', enum: [true] }, data }),
  });
}

/** Routes behind the SessionGuard: a bearer token (or a trusted proxy's identity); 401 without one, 403 for a proxy user of no group. */
export function ApiSignedIn(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(BEARER_SCHEME),
    ApiErrors(HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN),
  );
}
