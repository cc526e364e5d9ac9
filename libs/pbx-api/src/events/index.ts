export * from './event-encoding.js';
