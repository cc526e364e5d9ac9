import type { OperationObject, RequestBodyObject } from '@nestjs/swagger';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../admin/admin-operations.js';
import { pbxOperationPaths, ruleSchema } from './openapi-document.js';

describe('OpenAPI paths of the PBX operations', () => {
  const template: OperationObject = {
    operationId: 'pbx_operation',
    description: 'Admins only.',
    security: [{ bearer: [] }],
    parameters: [{ name: 'resource', in: 'path', required: true }],
    responses: { '200': { description: 'The PBX’s answer' }, '502': { description: 'refused' } },
  };
  const paths = pbxOperationPaths(template);
  const bodyOf = (name: string) => paths[`/api/pbx/${name}`]?.post?.requestBody as RequestBodyObject;

  it('lists one POST per admin operation, with the controller’s responses and security', () => {
    expect(Object.keys(paths)).toHaveLength(ADMIN_OPERATIONS.length);
    for (const operation of ADMIN_OPERATIONS) {
      const post = paths[`/api/pbx/${operation.name}`]?.post;
      expect(post?.operationId, operation.name).toBe(`pbx_${operation.name.replace('/', '_')}`);
      expect(post).toMatchObject({ security: template.security, responses: template.responses });
      expect(post?.parameters, 'resource and action are part of the path').toBeUndefined();
    }
  });

  it('builds each body schema from the operation’s rules', () => {
    const schema = bodyOf('block_numbers/create').content['application/json']?.schema;
    expect(schema).toMatchObject({ required: ['name', 'limit_type', 'number_list'] });
    expect(schema).toHaveProperty('properties.limit_type.enum', ['inbound', 'outbound', 'both']);
  });

  it('requires a body only where an empty one breaks the rules', () => {
    expect(bodyOf('block_numbers/create').required).toBe(true);
    // exactly one of call_id, type, extension: no field is required, yet {} is refused.
    expect(bodyOf('call/query').required).toBe(true);
    expect(bodyOf('system/information').required).toBe(false);
  });
});

describe('rule schemas', () => {
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
