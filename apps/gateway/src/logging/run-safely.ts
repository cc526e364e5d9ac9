import type { LoggerService } from '@nestjs/common';

/**
 * Runs `run`; when it throws, logs `<what> failed` with the error's message only and goes on. For listeners:
 * one that fails must not keep the others from being called.
 */
export function runSafely(logger: Pick<LoggerService, 'error'>, what: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    logger.error({ msg: `${what} failed`, error: error instanceof Error ? error.message : 'unknown' });
  }
}
