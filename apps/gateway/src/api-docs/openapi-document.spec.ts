import type { OperationObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../admin/admin-operations.js';
import { bodyRequired, pbxOperationPaths, ruleSchema } from './openapi-document.js';

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
      // The controller's error answers; 200 is the operation's own typed answer.
      expect(post).toMatchObject({
        security: template.security,
        responses: { '502': template.responses['502'] },
      });
      expect(post?.responses['200']).not.toEqual(template.responses['200']);
      expect(post?.parameters, 'resource and action are part of the path').toBeUndefined();
    }
  });

  it('builds each body schema from the operation’s rules', () => {
    const schema = bodyOf('block_numbers/create').content['application/json']?.schema;
    expect(schema).toMatchObject({ required: ['name', 'limit_type', 'number_list'] });
    expect(schema).toHaveProperty('properties.limit_type.enum', ['inbound', 'outbound', 'both']);
  });

  /** The `data` schema of an operation's documented 200 answer. */
  const dataOf = (name: string) => {
    const ok = paths[`/api/pbx/${name}`]?.post?.responses['200'] as ResponseObject | undefined;
    const schema = ok?.content?.['application/json']?.schema as SchemaObject | undefined;
    return schema?.properties?.['data'] as SchemaObject | undefined;
  };

  it('documents every operation’s answer with its fields, never as an untyped object', () => {
    const untyped = ADMIN_OPERATIONS.filter((operation) => !dataOf(operation.name)?.type).map((o) => o.name);
    expect(untyped).toEqual([]);
    const rules = dataOf('allow_numbers/list');
    expect(rules?.required).toEqual(['errcode', 'errmsg', 'total_number', 'data']);
    expect((rules?.properties?.['data'] as SchemaObject).items).toMatchObject({
      properties: { limit_type: { enum: ['inbound', 'outbound', 'both'] } },
      additionalProperties: false,
    });
    expect(dataOf('cdr/aidownload')?.type).toBe('array');
  });

  it('leaves the secrets the gateway removes out of the documented answers', () => {
    const channel = dataOf('message_channel/get')?.properties?.['data'] as SchemaObject;
    expect(Object.keys(channel.properties ?? {})).not.toContain('verify_token');
    const account = channel.properties?.['account_data'] as SchemaObject;
    expect(Object.keys((account.items as SchemaObject).properties ?? {})).toEqual(['k']);
  });

  it('documents the other spellings of a parameter', () => {
    const ivr = bodyOf('ivr/create').content['application/json']?.schema as SchemaObject;
    expect(ivr.properties?.['allow_out_record_invaild']).toMatchObject({ enum: [0, 1] });
    const contacts = bodyOf('company_contact/query').content['application/json']?.schema as SchemaObject;
    expect(Object.keys(contacts.properties ?? {})).toEqual(['ids', 'id']);
    expect(contacts.required).toEqual(['ids']);
  });

  it('requires a body only where an empty one breaks the rules', () => {
    expect(bodyOf('cdr/search').required).toBe(false);
    expect(bodyOf('queue/list').required).toBe(false);
    // A condition on a field left out does not make an all-optional body required.
    expect(
      bodyRequired({
        type: 'object',
        fields: { a: { type: 'string' }, b: { type: 'string' } },
        conditions: [{ field: 'a', notIn: ['x'], require: ['b'] }],
      }),
    ).toBe(false);
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
