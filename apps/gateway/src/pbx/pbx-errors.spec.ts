import {
  PBX_ERRCODE,
  PbxApiError,
  PbxTimeoutError,
  PbxTransportError,
  PbxValidationError,
} from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { describePbxError, errorKind, isLinkFailure, pbxAnswered } from './pbx-errors.js';
import { BudgetBusyError, BudgetClosedError } from './request-budget.js';

describe('PBX error classification', () => {
  it('counts busy, token, transport and timeout failures against the link, not refusals of one request', () => {
    expect(isLinkFailure(new PbxApiError('queue/list', PBX_ERRCODE.SERVER_BUSY, 'SERVER BUSY'))).toBe(true);
    expect(
      isLinkFailure(new PbxApiError('queue/list', PBX_ERRCODE.TOKEN_INVALID, 'INVALID ACCESS TOKEN')),
    ).toBe(true);
    expect(isLinkFailure(new PbxTransportError('connection refused', 'queue/list'))).toBe(true);
    expect(isLinkFailure(new PbxTimeoutError('queue/list', 2_000))).toBe(true);
    expect(isLinkFailure(new PbxApiError('call/refuse_inbound', PBX_ERRCODE.NOT_FOUND, 'NOT FOUND'))).toBe(
      false,
    );
    expect(isLinkFailure(new PbxValidationError('queue/agent_status', []))).toBe(false);
    expect(isLinkFailure(new BudgetClosedError())).toBe(false);
  });

  it('never blames the link for what failed before reaching the PBX: bad input, a full budget, our own bugs', () => {
    expect(isLinkFailure(new URIError('URI malformed'))).toBe(false);
    expect(isLinkFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isLinkFailure(new BudgetBusyError(500))).toBe(false);
    expect(pbxAnswered(new URIError('URI malformed'))).toBe(false);
    expect(pbxAnswered(new PbxApiError('call/refuse_inbound', PBX_ERRCODE.NOT_FOUND, 'NOT FOUND'))).toBe(
      true,
    );
    expect(pbxAnswered(new PbxTimeoutError('queue/list', 2_000))).toBe(false);
    expect(errorKind(new BudgetBusyError(500))).toBe('budget');
  });

  it('describes unknown errors by class name only, so their text cannot leak', () => {
    expect(describePbxError(new Error('secret=abc'))).toBe('unexpected error (Error)');
    expect(describePbxError(new PbxTimeoutError('queue/list', 2_000))).toBe(
      'queue/list timed out after 2000 ms',
    );
    expect(errorKind(new PbxTimeoutError('queue/list', 2_000))).toBe('timeout');
    expect(errorKind('weird')).toBe('unexpected');
  });
});
