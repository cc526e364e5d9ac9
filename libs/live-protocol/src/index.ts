export * from './result.js';
export * from './rooms.js';
export * from './views.js';
export * from './streams.js';
export * from './commands.js';
export * from './socket-events.js';
export * from './rest.js';
