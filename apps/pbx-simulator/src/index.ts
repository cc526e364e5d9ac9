export * from './contracts.js';
export { startSimulator, type RunningSimulator, type SimulatorDependencies } from './simulator.js';
export {
  ConfigError,
  DEFAULT_CONFIG,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  parseConfig,
  simulatorConfig,
  type SimulatorConfig,
} from './config.js';
export { webhookSignature } from './events/webhook-pusher.js';
export { EVENT_SOCKET_CLOSE } from './events/event-socket.server.js';
