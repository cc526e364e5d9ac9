import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { FORMATS, validate, type FieldRule, type ObjectRule } from '@switchboard/pbx-api';
import { ADMIN_OPERATIONS } from '../admin/admin-operations.js';
import { BEARER_SCHEME, PBX_OPERATION_TEMPLATE_ID } from './api-responses.js';
import { COMPONENT_SCHEMAS } from './rest-schemas.js';

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

/**
 * One POST path per admin operation, from the controller's documentation of the parametric route: the body
 * schema from the operation's rules, required only when an empty body breaks them.
 */
export function pbxOperationPaths(template: OperationObject): OpenAPIObject['paths'] {
  const { parameters: _resourceAndAction, ...shared } = template;
  return Object.fromEntries(
    ADMIN_OPERATIONS.map(({ name, spec }) => {
      const [resource = name] = name.split('/');
      const operation: OperationObject = {
        ...shared,
        operationId: `pbx_${name.replace(/\//g, '_')}`,
        tags: [`pbx: ${resource}`],
        summary: `${name} (${spec.method} on the PBX)`,
        requestBody: {
          required: validate(spec.params, {}, { rejectUnknown: true }).length > 0,
          content: { 'application/json': { schema: ruleSchema(spec.params) } },
        },
      };
      return [`/api/pbx/${name}`, { post: operation }];
    }),
  );
}

/**
 * The OpenAPI document of a created (not necessarily initialised) gateway: every controller route as its
 * decorators describe it, with the admin route expanded into one path per PBX operation.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Switchboard gateway')
    .setDescription(
      'REST of the Switchboard gateway. Live data and supervisor commands use socket.io (see libs/live-protocol). ' +
        'Authenticate with `Authorization: Bearer <token>` from /api/auth/login. Every answer under /api is ' +
        '`{ok: true, data}` or `{ok: false, error: {code, message, fields?}}`; besides the errors each route ' +
        'lists, any request can get 400 (malformed JSON), 403 (a cross-site request), 413 (a body over 100 KB), ' +
        '415 (a body that is not JSON) and 500 in that shape.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, BEARER_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const paths: OpenAPIObject['paths'] = {};
  let template: OperationObject | undefined;
  for (const [path, item] of Object.entries(document.paths)) {
    if (item.post?.operationId === PBX_OPERATION_TEMPLATE_ID) template = item.post;
    else paths[path] = item;
  }
  if (!template) throw new Error(`no route is documented with operationId ${PBX_OPERATION_TEMPLATE_ID}`);
  return {
    ...document,
    paths: { ...paths, ...pbxOperationPaths(template) },
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...COMPONENT_SCHEMAS },
    },
  };
}
