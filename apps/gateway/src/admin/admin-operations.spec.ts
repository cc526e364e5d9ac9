import { describe, expect, it } from 'vitest';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import type { SchemaObject } from '@nestjs/swagger';
import { ADMIN_OPERATIONS, findAdminOperation, PRIVATE_OPERATIONS } from './admin-operations.js';
import { buildOpenApiDocument, ruleSchema } from './openapi-document.js';

describe('admin operations', () => {
  it('offers every PBX operation except the gateway’s own token calls', () => {
    const expected = Object.keys(PBX_OPERATIONS).filter(
      (name) => !(PRIVATE_OPERATIONS as readonly string[]).includes(name),
    );
    expect(ADMIN_OPERATIONS.map((o) => o.name).sort()).toEqual(expected.sort());
    expect(findAdminOperation('get_token')).toBeUndefined();
    expect(findAdminOperation('ivr/create')?.spec).toBe(PBX_OPERATIONS['ivr/create']);
  });
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('lists one POST per admin operation with a body schema built from its rules', () => {
    for (const operation of ADMIN_OPERATIONS) {
      const path = document.paths[`/api/pbx/${operation.name}`];
      expect(path?.post?.operationId, operation.name).toBe(`pbx_${operation.name.replace('/', '_')}`);
    }
    const body = document.paths['/api/pbx/block_numbers/create']?.post?.requestBody as {
      content: Record<string, { schema: SchemaObject }>;
    };
    const schema = body.content['application/json']?.schema;
    expect(schema?.required).toEqual(['name', 'limit_type', 'number_list']);
    expect(schema?.properties?.['limit_type']).toMatchObject({ enum: ['inbound', 'outbound', 'both'] });
  });

  it('documents the gateway’s own REST and the bearer scheme', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/display-tokens',
        '/api/display-tokens/{id}',
        '/api/audit',
      ]),
    );
    expect(document.components?.securitySchemes?.['bearer']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('turns ranges, formats, ids and conditions into schema', () => {
    expect(ruleSchema({ type: 'integer', required: true, min: 1, max: 5 })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 5,
    });
    expect(ruleSchema({ type: 'integer', min: 10, alsoAllow: [0] })).toMatchObject({
      description: 'from 10 to - (or 0)',
    });
    expect(ruleSchema({ type: 'string', format: 'mac' })).toMatchObject({
      description: expect.stringContaining('MAC'),
    });
    expect(ruleSchema({ type: 'id' })).toHaveProperty('oneOf');
    const ivr = ruleSchema(PBX_OPERATIONS['ivr/create'].params);
    expect(ivr.description).toContain('dial_ext_list required when dial_ext_option is allow');
    const query = ruleSchema(PBX_OPERATIONS['call/query'].params);
    expect(query.description).toContain('exactly one of call_id, type, extension');
  });
});
