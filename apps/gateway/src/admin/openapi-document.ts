import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { FORMATS, type FieldRule, type ObjectRule } from '@switchboard/pbx-api';
import { ADMIN_OPERATIONS } from './admin-operations.js';

/**
 * JSON Schema of a pbx-api rule, so the documentation shows exactly what the validation checks. Cross-field
 * conditions have no JSON Schema form that Swagger UI renders well; they are written out in the description.
 */
export function ruleSchema(rule: FieldRule): SchemaObject {
  switch (rule.type) {
    case 'string':
      return {
        type: 'string',
        ...(rule.required ? { minLength: 1 } : {}),
        ...(rule.enum ? { enum: [...rule.enum] } : {}),
        ...(rule.format ? { description: FORMATS[rule.format].message } : {}),
      };
    case 'integer': {
      const also = rule.alsoAllow?.length ? ` (or ${rule.alsoAllow.join(', ')})` : '';
      return {
        type: 'integer',
        ...(rule.enum ? { enum: [...rule.enum] } : {}),
        ...(rule.min !== undefined && !rule.alsoAllow?.length ? { minimum: rule.min } : {}),
        ...(rule.max !== undefined && !rule.alsoAllow?.length ? { maximum: rule.max } : {}),
        ...(also ? { description: `from ${rule.min ?? '-'} to ${rule.max ?? '-'}${also}` } : {}),
      };
    }
    case 'id':
      return {
        oneOf: [{ type: 'integer' }, { type: 'string', minLength: 1 }],
        description: 'an ID, as a number or text',
      };
    case 'array':
      return {
        type: 'array',
        items: ruleSchema(rule.items),
        ...((rule.minItems ?? (rule.required ? 1 : 0)) > 0 ? { minItems: rule.minItems ?? 1 } : {}),
      };
    case 'object':
      return objectSchema(rule);
  }
}

function objectSchema(rule: ObjectRule): SchemaObject {
  const required = Object.entries(rule.fields)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
  const notes = [
    ...(rule.conditions ?? []).map((c) => {
      const when = c.in ? `${c.field} is ${c.in.join(' or ')}` : `${c.field} is not ${c.notIn?.join(' or ')}`;
      return [
        c.require?.length ? `${c.require.join(', ')} required when ${when}` : '',
        c.forbid?.length ? `${c.forbid.join(', ')} not allowed when ${when}` : '',
      ]
        .filter(Boolean)
        .join('; ');
    }),
    ...(rule.exactlyOneOf ?? []).map((group) => `exactly one of ${group.join(', ')}`),
  ];
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(rule.fields).map(([name, field]) => [name, ruleSchema(field)]),
    ),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(notes.length ? { description: `Rules: ${notes.join('. ')}.` } : {}),
  };
}

const RESULT_ERROR: SchemaObject = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', enum: [false] },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
      required: ['code', 'message'],
    },
  },
  required: ['ok', 'error'],
};

const json = (schema: SchemaObject | ReferenceObject) => ({ content: { 'application/json': { schema } } });
const okOf = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  properties: { ok: { type: 'boolean', enum: [true] }, data },
  required: ['ok', 'data'],
});
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: STATUS_TEXT[status] ?? 'error', ...json({ $ref: '#/components/schemas/ResultError' }) },
    ]),
  );
const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request: every failing field is listed',
  401: 'Not signed in',
  403: 'The role does not allow this',
  404: 'Not found',
  429: 'Too many requests (see Retry-After)',
  502: 'The PBX answered with an error (errcode and errmsg included)',
  503: 'The PBX cannot be reached',
};

function pbxOperation(name: string, rule: ObjectRule, method: string): OperationObject {
  const [resource = name] = name.split('/');
  return {
    operationId: `pbx_${name.replace(/\//g, '_')}`,
    tags: [`pbx: ${resource}`],
    summary: `${name} (${method} on the PBX)`,
    description:
      'Admins only. The body is checked against the same rules the PBX client uses; the call is audited.',
    security: [{ bearer: [] }],
    requestBody: { required: true, ...json(ruleSchema(rule)) },
    responses: {
      '200': {
        description: 'The PBX’s answer',
        ...json(okOf({ type: 'object', additionalProperties: true })),
      },
      ...errors(400, 401, 403, 429, 502, 503),
    },
  };
}

const SESSION_INFO: SchemaObject = {
  type: 'object',
  properties: {
    user: { type: 'string' },
    role: { type: 'string', enum: ['viewer', 'supervisor', 'admin'] },
    queues: {
      oneOf: [
        { type: 'array', items: { type: 'integer' } },
        { type: 'string', enum: ['all'] },
      ],
    },
    display: { type: 'boolean' },
    features: { type: 'object', additionalProperties: { type: 'boolean' } },
    holdWindowMs: { type: 'integer' },
  },
};

function gatewayPaths(): OpenAPIObject['paths'] {
  const bearer = [{ bearer: [] }];
  return {
    '/api/auth/login': {
      post: {
        operationId: 'auth_login',
        tags: ['auth'],
        summary: 'Sign in with a username and password; returns a short-lived session token',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } },
            required: ['username', 'password'],
          }),
        },
        responses: {
          '200': {
            description: 'Signed in',
            ...json(
              okOf({
                type: 'object',
                properties: {
                  token: { type: 'string' },
                  expiresAt: { type: 'integer' },
                  session: SESSION_INFO,
                },
              }),
            ),
          },
          ...errors(401, 429),
        },
      },
    },
    '/api/auth/session': {
      get: {
        operationId: 'auth_session',
        tags: ['auth'],
        summary: 'The caller’s session',
        security: bearer,
        responses: { '200': { description: 'Session', ...json(okOf(SESSION_INFO)) }, ...errors(401) },
      },
    },
    '/api/auth/logout': {
      post: {
        operationId: 'auth_logout',
        tags: ['auth'],
        summary: 'End the session now (its sockets are closed)',
        security: bearer,
        responses: { '200': { description: 'Signed out' }, ...errors(401) },
      },
    },
    '/api/display-tokens': {
      get: {
        operationId: 'display_tokens_list',
        tags: ['display tokens'],
        summary: 'Display links for wallboard TVs (admins)',
        security: bearer,
        responses: { '200': { description: 'Display links (without tokens)' }, ...errors(401, 403) },
      },
      post: {
        operationId: 'display_tokens_create',
        tags: ['display tokens'],
        summary: 'Create a read-only display link scoped to queues (admins); the token is shown once',
        security: bearer,
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 64 },
              queues: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 200 },
            },
            required: ['name', 'queues'],
          }),
        },
        responses: { '201': { description: 'Created' }, ...errors(400, 401, 403) },
      },
    },
    '/api/display-tokens/{id}': {
      delete: {
        operationId: 'display_tokens_revoke',
        tags: ['display tokens'],
        summary: 'Revoke a display link; displays using it are disconnected at once (admins)',
        security: bearer,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Revoked' }, ...errors(401, 403, 404) },
      },
    },
    '/api/audit': {
      get: {
        operationId: 'audit_recent',
        tags: ['audit'],
        summary: 'Recent audit entries, newest first (supervisors and admins)',
        security: bearer,
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500 },
          },
        ],
        responses: { '200': { description: 'Entries' }, ...errors(400, 401, 403) },
      },
    },
  };
}

/** The OpenAPI document: the gateway's own REST and one POST per PBX operation, bodies from the rule data. */
export function buildOpenApiDocument(): OpenAPIObject {
  const base = new DocumentBuilder()
    .setTitle('Switchboard gateway')
    .setDescription(
      'REST of the Switchboard gateway. Live data and supervisor commands use socket.io (see libs/live-protocol). ' +
        'Authenticate with `Authorization: Bearer <token>` from /api/auth/login.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'bearer')
    .build();
  const paths: OpenAPIObject['paths'] = gatewayPaths();
  for (const operation of ADMIN_OPERATIONS)
    paths[`/api/pbx/${operation.name}`] = {
      post: pbxOperation(operation.name, operation.spec.params, operation.spec.method),
    };
  return {
    ...base,
    paths,
    components: { ...base.components, schemas: { ResultError: RESULT_ERROR } },
  };
}
