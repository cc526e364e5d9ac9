/**
 * The simulator's live call center: `createCallCenter` gives the handlers of the live operations and the
 * control surface; scenarios and clocks are exported for the server and for tests.
 */
export { createCallCenter, type CallCenterRuntime } from './call-center.js';
export { SCENARIOS, DEFAULT_SCENARIO, isScenarioName, type ScenarioDefinition } from './scenarios.js';
export {
  ManualClock,
  RealClock,
  type SimClock,
  type RealTimers,
  type ClockErrorReporter,
  type TimerHandle,
} from './clock.js';
export type { AgentStatus, ExtensionStatus } from './event-payloads.js';
export { AUTO_PAUSE_REASON } from './queue-calls.js';
export { INITIAL_PAUSE_REASONS } from './world-builder.js';
export { RING_STRATEGIES, type RingStrategy } from './world.types.js';
