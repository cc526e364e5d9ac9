import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type SchemaObject,
} from '@nestjs/swagger';
import {
  FORMATS,
  PBX_RESPONSES,
  type FieldRule,
  type ObjectRule,
  type ResponseShape,
} from '@switchboard/pbx-api';
import { ADMIN_OPERATIONS } from '../admin/admin-operations.js';
import { isSecretField, SECRET_PAIR_LISTS } from '../admin/secret-fields.js';
import { BEARER_SCHEME, PBX_OPERATION_TEMPLATE_ID } from '../openapi/api-responses.js';
import { COMPONENT_SCHEMAS } from '../openapi/rest-schemas.js';

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
    properties: Object.fromEntries([
      ...Object.entries(rule.fields).map(([name, field]) => [name, ruleSchema(field)] as const),
      // Other spellings the PBX's documents use (quirks.ts): accepted, checked by the field's rule.
      ...Object.entries(rule.aliases ?? {}).flatMap(([alias, field]) => {
        const target = rule.fields[field];
        if (!target) return [];
        const schema = ruleSchema({ ...target, required: false });
        return [[alias, { ...schema, description: `another spelling of ${field}` }] as const];
      }),
    ]),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(notes.length ? { description: `Rules: ${notes.join('. ')}.` } : {}),
  };
}

/**
 * JSON Schema of a response shape of pbx-api (rules/responses.ts) as the admin REST answers it: without the
 * secret fields the gateway removes (secret-fields.ts). `open` objects may carry fields the documents cut off.
 */
export function responseSchema(shape: ResponseShape): SchemaObject {
  const common = {
    ...(shape.description ? { description: shape.description } : {}),
    ...(shape.nullable ? { nullable: true } : {}),
  };
  switch (shape.type) {
    case 'string':
    case 'integer':
    case 'number':
      return { type: shape.type, ...(shape.enum ? { enum: [...shape.enum] } : {}), ...common };
    case 'array':
      return { type: 'array', items: responseSchema(shape.items), ...common };
    case 'object': {
      const fields = Object.entries(shape.fields)
        .filter(([name]) => !isSecretField(name))
        .map(([name, field]) => [name, withoutSecretValues(name, field)] as const);
      const required = fields.filter(([, field]) => !field.optional).map(([name]) => name);
      return {
        type: 'object',
        properties: Object.fromEntries(fields.map(([name, field]) => [name, responseSchema(field)])),
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: shape.open === true,
        ...common,
      };
    }
  }
}

/** A `{k, v}` list of SECRET_PAIR_LISTS without its value field: the gateway keeps only the key names. */
function withoutSecretValues(name: string, field: ResponseShape): ResponseShape {
  const pairs = SECRET_PAIR_LISTS[name];
  if (!pairs || field.type !== 'array' || field.items.type !== 'object') return field;
  const { [pairs.value]: _secret, ...kept } = field.items.fields;
  return { ...field, items: { ...field.items, fields: kept } };
}

/**
 * Whether an operation needs a body: when one of its fields is required, or one of a group must be given.
 * Operations whose every parameter is optional take none (an empty POST is the same as `{}`).
 */
export function bodyRequired(rule: ObjectRule): boolean {
  return Object.values(rule.fields).some((field) => field.required) || (rule.exactlyOneOf?.length ?? 0) > 0;
}

/**
 * One POST path per admin operation, from the controller's documentation of the parametric route: the body
 * schema from the operation's rules (required only when a field is), the 200 answer from its response shape.
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
          required: bodyRequired(spec.params),
          content: { 'application/json': { schema: ruleSchema(spec.params) } },
        },
        responses: { ...shared.responses, ...typedAnswer(name) },
      };
      return [`/api/pbx/${name}`, { post: operation }];
    }),
  );
}

/** The 200 answer of an operation with its response shape, in the Result envelope; none without a shape. */
function typedAnswer(name: string): OperationObject['responses'] {
  const shape = (PBX_RESPONSES as Readonly<Record<string, ResponseShape | undefined>>)[name];
  if (!shape) return {};
  const data = responseSchema(shape);
  return {
    '200': {
      description: `The PBX’s answer to ${name}${shape.type === 'array' ? '' : ', secrets removed'}`,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, data },
            required: ['ok', 'data'],
          },
        },
      },
    },
  };
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
