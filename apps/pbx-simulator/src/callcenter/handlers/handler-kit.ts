import { toInt } from '@switchboard/pbx-api';
import type { HandlerResult, OperationHandler } from '../../contracts.js';
import type { Engine } from '../engine.js';
import { paramError } from '../../sim-errors.js';

/** The engine in use now (a reset replaces it). */
export type EngineRef = () => Engine;

/** An operation handler that runs as one simulation step of the current engine, brought up to date first. */
export function handler(
  get: EngineRef,
  fn: (engine: Engine, params: Record<string, unknown>) => HandlerResult,
): OperationHandler {
  return (context) => {
    const engine = get();
    return engine.request(() => fn(engine, context.params));
  };
}

/** A text parameter (the router already checked presence and type). */
export function text(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  return typeof value === 'string'
    ? value.trim()
    : value === undefined || value === null
      ? ''
      : String(value);
}

/** An integer parameter that may arrive as text (GET); undefined when absent. */
export function optionalInt(params: Record<string, unknown>, key: string): number | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  const n = toInt(value);
  if (n === undefined) throw paramError(key, value, 'type', 'must be an integer');
  return n;
}

/** An integer parameter that must be there. */
export function requiredInt(params: Record<string, unknown>, key: string): number {
  const n = optionalInt(params, key);
  if (n === undefined) throw paramError(key, '', 'required', 'is required');
  return n;
}

/** `a, b,c` -> `['a', 'b', 'c']`, empty items dropped. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
