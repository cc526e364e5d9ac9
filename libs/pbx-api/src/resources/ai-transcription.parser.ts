import { isTokenErrcode } from '../errcodes.js';
import { PbxApiError, PbxAuthError, PbxTransportError, type PbxInvalidParam } from '../errors.js';
import type { AiTranscriptionLeg } from './cdr.types.js';

const OPERATION = 'cdr/aidownload';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a downloaded AI transcription file: a JSON array of call-leg objects. An expired link or a refused
 * token comes back as an errcode envelope instead of the file; that becomes the same error a failed
 * operation raises, so callers handle one set of errors.
 */
export function parseAiTranscriptionFile(body: unknown): AiTranscriptionLeg[] {
  if (Array.isArray(body)) {
    body.forEach((leg, index) => {
      if (!isObject(leg)) {
        throw new PbxTransportError(`${OPERATION} file: leg ${index} is not a JSON object`, OPERATION);
      }
      const pieces = leg['ai_transcription'];
      if (pieces !== undefined && pieces !== null && !Array.isArray(pieces)) {
        throw new PbxTransportError(
          `${OPERATION} file: leg ${index} ai_transcription is not an array`,
          OPERATION,
        );
      }
    });
    return body as AiTranscriptionLeg[];
  }
  if (isObject(body) && 'errcode' in body) throw envelopeError(body);
  throw new PbxTransportError(`${OPERATION} file is not a JSON array of call legs`, OPERATION);
}

function envelopeError(envelope: Record<string, unknown>): Error {
  const raw = envelope['errcode'];
  const errcode = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  const errmsg = typeof envelope['errmsg'] === 'string' ? envelope['errmsg'] : '';
  if (typeof errcode !== 'number' || !Number.isInteger(errcode) || errcode === 0) {
    return new PbxTransportError(`${OPERATION} answered with an envelope instead of the file`, OPERATION);
  }
  if (isTokenErrcode(errcode)) {
    return new PbxAuthError(
      `${OPERATION} download was refused: the access token is not accepted`,
      OPERATION,
      errcode,
    );
  }
  const list = Array.isArray(envelope['invalid_param_list'])
    ? (envelope['invalid_param_list'] as PbxInvalidParam[])
    : [];
  return new PbxApiError(OPERATION, errcode, errmsg, list);
}
