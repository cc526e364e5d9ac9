/** A TCP port on `host` (default 127.0.0.1) that was free a moment ago (the OS picks it). */
export declare function freePort(host?: string): Promise<number>;

/** Whether `port` can be listened on: null when it can, else the error code (`EADDRINUSE`, `EACCES`...). */
export declare function portProblem(port: number, host: string): Promise<string | null>;
