import type { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Keys whose values never reach a log line. */
const SECRET_KEY = /secret|password|token|authorization|cookie/i;

/** Replaces secret-looking values in a structured log record. */
export function redactRecord(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return typeof value === 'string'
      ? value.replace(/(access_token|refresh_token|token|password)=([^&\s"']+)/gi, '$1=[redacted]')
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => redactRecord(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redactRecord(item, depth + 1);
  }
  return out;
}

/**
 * Structured JSON logs, one object per line, with secrets redacted by key and in URLs.
 * Implements Nest's LoggerService so framework messages come out the same way.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly level: Level = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  /** Logs an event with structured fields. */
  event(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
    if (ORDER[level] < ORDER[this.level]) return;
    this.write(
      JSON.stringify({ time: new Date().toISOString(), level, msg, ...(redactRecord(fields) as object) }),
    );
  }

  private emit(level: Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context (class name) as the last string argument.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    if (message instanceof Error) {
      this.event(level, message.message, {
        ...(context ? { context } : {}),
        error: message.name,
        stack: message.stack,
      });
      return;
    }
    const fields =
      typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : {};
    const msg = typeof message === 'string' ? message : String(fields['msg'] ?? '');
    const trace = typeof rest[0] === 'string' && rest.length > 1 ? { stack: rest[0] } : {};
    this.event(level, msg, { ...(context ? { context } : {}), ...trace, ...fields });
  }
}
