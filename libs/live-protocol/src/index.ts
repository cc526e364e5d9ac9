export * from './result.js';
export * from './rooms.js';
