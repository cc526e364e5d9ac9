import { PbxTransportError } from '../errors.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { rowsUnder } from '../quirks.js';
import type { PbxOperationAnswers, PbxOperationParams } from '../rules/operation-types.js';
import { PBX_OPERATIONS, type PbxOperationName } from '../rules/operations.js';
import { validate } from '../rules/validate.js';

/** What every resource is built on: the requester each of its operations goes through. */
export abstract class PbxResource {
  constructor(protected readonly api: PbxRequester) {}

  /**
   * Sends an operation that answers a file name and the path to download the file from (cdr/aidownload,
   * recording/download). The file is fetched with our token, so only a path on the PBX this client talks to
   * is followed: any other answer is a transport error.
   */
  protected async fileLink<A extends { file: string; download_resource_url: string }>(
    operation: 'cdr/aidownload' | 'recording/download',
    params: object,
    options: RequestOptions | undefined,
  ): Promise<A> {
    const answer = await this.api.call<A>(operation, params, options);
    const path: unknown = answer.download_resource_url;
    if (typeof answer.file !== 'string' || typeof path !== 'string' || !/^\/?api\/download\//.test(path)) {
      throw new PbxTransportError(
        `${operation} answered without a file name and an /api/download/ path`,
        operation,
      );
    }
    return answer;
  }
}

/**
 * An operation whose answer, as it came, `read` turns into what the catalogue says the client returns: the
 * PBX leaves empty lists out, or puts rows and objects under other keys than its table (quirks.ts).
 */
interface Reading<N extends PbxOperationName> {
  operation: N;
  read: (answer: never) => PbxOperationAnswers[N];
}

/** See {@link Reading}; `Raw` is the answer as the PBX may send it. */
export function reading<N extends PbxOperationName, Raw>(
  operation: N,
  read: (answer: Raw) => PbxOperationAnswers[N],
): Reading<N> {
  return { operation, read };
}

/** An operation whose answer has its rows moved under `list`, whichever key the PBX used (quirks.ts, 12). */
export function rowsUnderList<N extends PbxOperationName>(operation: N): Reading<N> {
  return reading(operation, (answer: PbxOperationAnswers[N] & object) => rowsUnder(answer, 'list'));
}

/** A page whose rows the PBX may leave out when there are none: `data` is then `[]`. */
export function withRows<A extends { data: unknown[] }>(answer: Omit<A, 'data'> & { data?: A['data'] }): A {
  return { ...answer, data: answer.data ?? [] } as A;
}

/** Method name -> the operation it sends, as it is or through a {@link Reading}. */
type OperationTable = Record<string, PbxOperationName | Reading<PbxOperationName>>;

/** A method's arguments: `params` may be left out where the operation needs none of its fields. */
type OperationArgs<N extends PbxOperationName> =
  Record<never, never> extends PbxOperationParams[N]
    ? [params?: PbxOperationParams[N], options?: RequestOptions]
    : [params: PbxOperationParams[N], options?: RequestOptions];

type OperationMethod<N extends PbxOperationName> = (
  ...args: OperationArgs<N>
) => Promise<PbxOperationAnswers[N]>;

/** The methods of a table, typed by the catalogue (rules/operation-types.ts). */
type OperationMethods<T extends OperationTable> = {
  -readonly [K in keyof T]: T[K] extends Reading<infer N>
    ? OperationMethod<N>
    : T[K] extends PbxOperationName
      ? OperationMethod<T[K]>
      : never;
};

/**
 * A resource class with one method per entry of `operations`, for the operations that need nothing of their
 * own: each checks `params` against its operation's rules, sends them and returns the answer as it came
 * (or as its {@link Reading} reads it). Methods that do more are written in the class that extends it.
 */
export function resourceWith<const T extends OperationTable>(
  operations: T,
): abstract new (api: PbxRequester) => PbxResource & OperationMethods<T> {
  abstract class TableResource extends PbxResource {
    static {
      for (const [method, entry] of Object.entries(operations)) {
        const { operation, read } = typeof entry === 'string' ? { operation: entry, read: undefined } : entry;
        // Params may be left out exactly where an empty request is valid, as OperationArgs says in types.
        const emptyIsValid = validate(PBX_OPERATIONS[operation].params, {}).length === 0;
        const send = function (this: TableResource, params?: object, options?: RequestOptions) {
          const sent = params === undefined && emptyIsValid ? {} : params;
          const answer = this.api.call<never>(operation, sent as object, options);
          return read ? answer.then(read) : answer;
        };
        Object.defineProperty(this.prototype, method, { value: send, writable: true, configurable: true });
      }
    }
  }
  // The table's entries became the methods OperationMethods<T> names; the compiler cannot follow the loop.
  return TableResource as unknown as abstract new (api: PbxRequester) => PbxResource & OperationMethods<T>;
}
