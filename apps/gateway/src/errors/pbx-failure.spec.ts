import { HttpStatus } from '@nestjs/common';
import {
  PbxApiError,
  PbxAuthError,
  PbxTimeoutError,
  PbxTransportError,
  PbxValidationError,
} from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { BudgetBusyError } from '../pbx/request-budget.js';
import { classifyPbxFailure, pbxFailure } from './pbx-failure.js';

const invalid = new PbxValidationError('queue/update', [
  { field: 'name', rule: 'required', message: 'is required' },
]);
const refused = new PbxApiError('call/listen', 10001, 'NOT_ALLOWED');

describe('classifyPbxFailure', () => {
  it('tells every kind of PBX failure apart, with its one code and HTTP status', () => {
    const cases: [unknown, string, string, number][] = [
      [invalid, 'invalid', 'invalid_payload', HttpStatus.BAD_REQUEST],
      [refused, 'refused', 'pbx_error', HttpStatus.BAD_GATEWAY],
      [new BudgetBusyError(1_200), 'busy', 'rate_limited', HttpStatus.TOO_MANY_REQUESTS],
      [
        new PbxTimeoutError('call/listen', 5_000),
        'timeout',
        'pbx_unavailable',
        HttpStatus.SERVICE_UNAVAILABLE,
      ],
      [new PbxAuthError('bad secret'), 'signin', 'pbx_unavailable', HttpStatus.SERVICE_UNAVAILABLE],
      [
        new PbxTransportError('ECONNREFUSED'),
        'unreachable',
        'pbx_unavailable',
        HttpStatus.SERVICE_UNAVAILABLE,
      ],
      [new Error('x'), 'internal', 'internal', HttpStatus.INTERNAL_SERVER_ERROR],
    ];
    for (const [error, kind, code, status] of cases)
      expect(classifyPbxFailure(error), kind).toMatchObject({ kind, code, status });
  });

  it('rounds the wait of a full budget up to whole seconds, at least one', () => {
    expect(classifyPbxFailure(new BudgetBusyError(1_200))).toMatchObject({ retryAfterSec: 2 });
    expect(classifyPbxFailure(new BudgetBusyError(10))).toMatchObject({ retryAfterSec: 1 });
  });

  it('lists each failing field of our own check', () => {
    expect(classifyPbxFailure(invalid)).toMatchObject({
      fields: [{ field: 'name', message: 'is required' }],
    });
  });
});

describe('pbxFailure (socket commands)', () => {
  it('hides transport details behind a readable sentence', () => {
    const failure = pbxFailure(
      new PbxTransportError('connect ECONNREFUSED 10.0.0.1:8088', 'call/listen'),
      'listen',
    );
    expect(failure).toEqual({
      code: 'pbx_unavailable',
      message: 'The PBX could not be reached to listen; try again shortly.',
    });
    expect(pbxFailure(new Error('secret detail'), 'listen')).toEqual({
      code: 'internal',
      message: 'Something went wrong while trying to listen; it has been logged.',
    });
  });

  it('gives the PBX’s own words and errcode for a refusal, and each field for our own check', () => {
    expect(pbxFailure(refused, 'listen to 1001').message).toBe(
      'The PBX refused to listen to 1001: NOT_ALLOWED (errcode 10001).',
    );
    expect(pbxFailure(invalid, 'rename the queue')).toEqual({
      code: 'invalid_payload',
      message: 'Could not rename the queue: name is required.',
      fields: [{ field: 'name', message: 'is required' }],
    });
    expect(pbxFailure(new PbxTimeoutError('call/listen', 5_000), 'listen').message).toMatch(
      /unknown whether it could listen/,
    );
  });
});
