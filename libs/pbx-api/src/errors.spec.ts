import { describe, expect, it } from 'vitest';
import { isTokenErrcode, PBX_ERRCODE, PBX_ERRMSG } from './errcodes.js';
import {
  PbxApiError,
  PbxAuthError,
  PbxError,
  PbxTimeoutError,
  PbxTransportError,
  PbxValidationError,
} from './errors.js';

const cause = new Error('socket hang up');
const cases: [string, PbxError, string, string | undefined][] = [
  [
    'PbxValidationError',
    new PbxValidationError('ivr/create', [
      { field: 'prompt_repeat', rule: 'range', message: 'must be 1-5, got 9' },
    ]),
    'validation',
    'ivr/create',
  ],
  ['PbxApiError', new PbxApiError('cdr/search', 40002, 'PARAMETER ERROR'), 'pbx', 'cdr/search'],
  ['PbxAuthError', new PbxAuthError('get_token failed', 'get_token', -1), 'auth', 'get_token'],
  [
    'PbxTransportError',
    new PbxTransportError('queue/list failed', 'queue/list', 502, { cause }),
    'transport',
    'queue/list',
  ],
  ['PbxTimeoutError', new PbxTimeoutError('call/query', 100, { cause }), 'timeout', 'call/query'],
];

describe('error hierarchy', () => {
  it.each(cases)(
    '%s has its literal code and name, is a PbxError and an Error, and keeps the operation',
    (name, error, code, operation) => {
      expect(error).toBeInstanceOf(PbxError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(error.code).toBe(code);
      expect(error.operation).toBe(operation);
      expect(String(error)).toMatch(new RegExp(`^${name}: `));
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name, code });
    },
  );

  it('every class has a different code, so callers can switch on it', () => {
    expect(new Set(cases.map(([, error]) => error.code)).size).toBe(cases.length);
  });

  it('PbxValidationError lists every violation in its message and keeps them', () => {
    const error = new PbxValidationError('ivr/create', [
      { field: 'name', rule: 'required', message: 'is required' },
      { field: 'resp_timeout', rule: 'range', message: 'must be between 1 and 10, got 0' },
    ]);
    expect(error.message).toBe(
      'Invalid parameters for ivr/create: name is required; resp_timeout must be between 1 and 10, got 0',
    );
    expect(error.violations).toHaveLength(2);
  });

  it('PbxApiError keeps errcode, errmsg and invalid_param_list and names the fields in its message', () => {
    const error = new PbxApiError('ivr/create', 40002, 'PARAMETER ERROR', [
      { field: 'number', validation_type: 'required' },
      { value: 'x' },
    ]);
    expect(error).toMatchObject({ errcode: 40002, errmsg: 'PARAMETER ERROR' });
    expect(error.invalidParamList).toEqual([
      { field: 'number', validation_type: 'required' },
      { value: 'x' },
    ]);
    expect(error.message).toBe('ivr/create failed: errcode 40002 PARAMETER ERROR (number, ?)');
    expect(new PbxApiError('queue/list', 50001, 'SERVER BUSY').message).toBe(
      'queue/list failed: errcode 50001 SERVER BUSY',
    );
  });

  it('PbxAuthError may have no operation or errcode; transport and timeout errors keep their cause', () => {
    expect(new PbxAuthError('closed')).toMatchObject({ operation: undefined, errcode: undefined });
    expect(new PbxTransportError('x')).toMatchObject({ operation: undefined, status: undefined });
    expect(cases[3]?.[1]).toMatchObject({ status: 502, cause });
    const timeout = cases[4]?.[1] as PbxTimeoutError;
    expect(timeout).toMatchObject({ timeoutMs: 100, cause, message: 'call/query timed out after 100 ms' });
    expect(new PbxTimeoutError(undefined, 50).message).toBe('request timed out after 50 ms');
  });
});

describe('errcodes', () => {
  it('recognises our token errcode and the community ones, and nothing else', () => {
    expect([PBX_ERRCODE.TOKEN_INVALID, 10002, 10003].every(isTokenErrcode)).toBe(true);
    const others = [
      0,
      -1,
      PBX_ERRCODE.TOKEN_LIMIT,
      PBX_ERRCODE.IP_BLOCKED,
      40002,
      40003,
      40004,
      50001,
      10001,
    ];
    expect(others.filter(isTokenErrcode)).toEqual([]);
  });

  it('has an errmsg for every errcode, SUCCESS only for 0, distinct codes', () => {
    const codes = Object.values(PBX_ERRCODE);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(PBX_ERRMSG[code]).toMatch(/^[A-Z ]+$/);
    expect(PBX_ERRMSG[PBX_ERRCODE.TOKEN_LIMIT]).toBe('MAX LIMITATION');
    expect(codes.filter((code) => PBX_ERRMSG[code] === 'SUCCESS')).toEqual([0]);
  });
});
