import type { PbxSchemaAnswer } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { checkPbxForm, fieldErrorsOf } from './pbx-form-rules.js';
import casesText from './pbx-form-rules.cases.json?raw';

// The cases and the PBX client's answers to them, written by the gateway's pbx-schema.spec.ts from the client
// itself: the form check must give the same errors, field for field and word for word.
// Read as text: a case holds a lone surrogate (\ud800), which the bundler's JSON import refuses.
const file = JSON.parse(casesText) as {
  schema: PbxSchemaAnswer;
  cases: { operation: string; values: unknown; errors: { field: string; message: string }[] }[];
};

function paramsOf(name: string) {
  const operation = file.schema.operations.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`no schema for ${name}`);
  return operation.params;
}

describe('form check as the PBX client checks', () => {
  it.each(file.cases.map((c, index) => [index, c.operation, c] as const))(
    'case %i (%s) gives the client’s errors',
    (_index, operation, c) => {
      expect(checkPbxForm(paramsOf(operation), c.values, file.schema)).toEqual(c.errors);
    },
  );

  it('covers valid and invalid values of several operations', () => {
    expect(new Set(file.cases.map((c) => c.operation)).size).toBeGreaterThan(10);
    expect(file.cases.some((c) => c.errors.length === 0)).toBe(true);
  });

  it('stops at the schema’s violation limit and never throws on hostile input', () => {
    const params = paramsOf('ivr/create');
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x${i}`, 1]));
    expect(checkPbxForm(params, many, file.schema)).toHaveLength(file.schema.limits.maxViolations);
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(checkPbxForm(params, hostile, file.schema)).toEqual([
      { field: '(body)', message: 'could not be read as plain data' },
    ]);
  });
});

describe('field errors of a failed call', () => {
  it('takes the gateway’s fields, else the PBX’s invalid_param_list in words, never quoting a value', () => {
    expect(fieldErrorsOf({ fields: [{ field: 'name', message: 'is required' }] })).toEqual([
      { field: 'name', message: 'is required' },
    ]);
    const mapped = fieldErrorsOf({
      invalidParams: [
        { field: 'number_list', value: 'secret-ish', validation_type: 'format' },
        { field: 'name', validation_type: 'duplicate' },
        { field: 'x', validation_type: 'odd' },
        { validation_type: 'required' },
      ],
    });
    expect(mapped).toEqual([
      { field: 'number_list', message: 'is not in the format the PBX expects (the PBX said so)' },
      { field: 'name', message: 'is already in use (the PBX said so)' },
      { field: 'x', message: 'was refused by the PBX (odd) (the PBX said so)' },
    ]);
    expect(JSON.stringify(mapped)).not.toContain('secret-ish');
    expect(fieldErrorsOf({})).toEqual([]);
  });
});
