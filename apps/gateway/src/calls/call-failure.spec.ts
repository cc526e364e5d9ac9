import { HttpStatus } from '@nestjs/common';
import { PbxApiError, PbxTransportError } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { BudgetBusyError } from '../pbx/request-budget.js';
import { callsFailure } from './call-failure.js';

const answer = (error: unknown) => {
  const { exception, retryAfterSec } = callsFailure(error, 'the recording');
  return { status: exception.getStatus(), body: exception.getResponse(), retryAfterSec };
};

describe('callsFailure', () => {
  it('answers a full budget with 429 and when to retry', () => {
    expect(answer(new BudgetBusyError(1_200))).toMatchObject({
      status: HttpStatus.TOO_MANY_REQUESTS,
      retryAfterSec: 2,
      body: { ok: false, error: { code: 'rate_limited', retryAfterSec: 2 } },
    });
  });

  it('answers a PBX refusal with 502 naming what it refused and its errcode', () => {
    const refused = answer(new PbxApiError('recording/download', -1, 'FAILURE'));
    expect(refused.status).toBe(HttpStatus.BAD_GATEWAY);
    expect(refused.body).toMatchObject({
      ok: false,
      error: { code: 'pbx_error', errcode: -1, errmsg: 'FAILURE' },
    });
    expect((refused.body as { error: { message: string } }).error.message).toMatch(
      /^The PBX refused to give the recording: FAILURE/,
    );
  });

  it('answers an unreachable PBX with 503, and anything else with 500 that says nothing inside', () => {
    expect(answer(new PbxTransportError('connect ECONNREFUSED', 'recording/download'))).toMatchObject({
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { error: { code: 'pbx_unavailable' } },
    });
    const internal = answer(new Error('secret detail'));
    expect(internal.status).toBe(HttpStatus.INTERNAL_SERVER_ERROR);
    expect(JSON.stringify(internal.body)).not.toContain('secret detail');
  });
});
