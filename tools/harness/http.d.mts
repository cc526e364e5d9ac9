export interface JsonRequest {
  /** Default GET. */
  method?: string;
  /** Sent as JSON (with `content-type: application/json`). */
  body?: unknown;
  /** Sent as `authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** Default 10 s. */
  timeoutMs?: number;
}

export interface JsonAnswer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, the text when it is not JSON, undefined when empty. */
  body: T;
}

/** Sends one request with a timeout; resolves with status, headers, text and the parsed body. */
export declare function requestJson<T = unknown>(url: string, request?: JsonRequest): Promise<JsonAnswer<T>>;

/** The status `url` answers a GET with, or 0 when nothing answers within `timeoutMs` (default 2 s). */
export declare function httpStatus(url: string, timeoutMs?: number): Promise<number>;
