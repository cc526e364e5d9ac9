import { describe, expect, it } from 'vitest';
import { testSession } from '../../test/support/session-fixtures.js';
import { describeMessage, parseFromWorker, parseToWorker } from './ipc-messages.js';

const SESSION = testSession({ user: 'sup', role: 'supervisor' });

describe('messages to a worker', () => {
  it.each([
    { type: 'connection', head: 'R0VUIC8=' },
    { type: 'auth-result', id: 1, ok: true, session: SESSION },
    { type: 'auth-result', id: 2, ok: false, code: 'unauthorized', message: 'Sign in again.' },
    { type: 'emit', socketId: 'abc', event: 'hello', args: [{ protocol: 1 }] },
    { type: 'ack', socketId: 'abc', ackId: 7, args: [{ ok: true }] },
    { type: 'join', socketId: 'abc', room: 'stream:inbound' },
    { type: 'leave', socketId: 'abc', room: 'stream:inbound' },
    { type: 'disconnect', socketId: 'abc' },
    { type: 'broadcast', room: 'stream:health', event: 'delta', args: [{ seq: 2 }] },
  ])('takes $type', (message) => {
    expect(parseToWorker(message)).toEqual(message);
  });

  it.each([
    ['not an object', 'emit'],
    ['an array', ['emit']],
    ['no type', { socketId: 'abc' }],
    ['an unknown type', { type: 'eval', code: '1' }],
    ['an extra key', { type: 'disconnect', socketId: 'abc', also: 1 }],
    ['a missing key', { type: 'emit', socketId: 'abc', event: 'hello' }],
    ['args not a list', { type: 'broadcast', room: 'r', event: 'delta', args: 'x' }],
    ['an empty socket id', { type: 'join', socketId: '', room: 'r' }],
    ['a negative ack id', { type: 'ack', socketId: 'abc', ackId: -1, args: [] }],
    ['a session of the wrong shape', { type: 'auth-result', id: 1, ok: true, session: { user: 'x' } }],
    ['a refusal without its code', { type: 'auth-result', id: 1, ok: false, message: 'no' }],
    ['a head that is not text', { type: 'connection', head: 42 }],
  ])('drops %s', (_what, message) => {
    expect(parseToWorker(message)).toBeUndefined();
  });
});

describe('messages from a worker', () => {
  const handshake = {
    headers: { origin: 'http://a', 'x-forwarded-for': ['1', '2'] },
    address: '127.0.0.1',
    auth: { token: 't' },
    query: { EIO: '4', transport: 'websocket' },
  };

  it.each([
    { type: 'ready' },
    { type: 'auth', id: 1, socketId: 'abc', handshake },
    { type: 'connected', socketId: 'abc' },
    { type: 'event', socketId: 'abc', event: 'subscribe', args: [{ streams: ['health'] }], ackId: 3 },
    { type: 'event', socketId: 'abc', event: 'noise', args: [] },
    { type: 'disconnected', socketId: 'abc', reason: 'transport close' },
  ])('takes $type', (message) => {
    expect(parseFromWorker(message)).toEqual(message);
  });

  it.each([
    ['a primary-only type', { type: 'broadcast', room: 'r', event: 'e', args: [] }],
    [
      'headers with a number',
      { type: 'auth', id: 1, socketId: 'abc', handshake: { ...handshake, headers: { a: 1 } } },
    ],
    [
      'a handshake without auth',
      { type: 'auth', id: 1, socketId: 'abc', handshake: { ...handshake, auth: undefined } },
    ],
    [
      'a handshake with an extra key',
      { type: 'auth', id: 1, socketId: 'abc', handshake: { ...handshake, secret: 1 } },
    ],
    ['an ack id that is not whole', { type: 'event', socketId: 'abc', event: 'e', args: [], ackId: 1.5 }],
    ['an overlong event name', { type: 'event', socketId: 'abc', event: 'e'.repeat(200), args: [] }],
    ['a reason that is not text', { type: 'disconnected', socketId: 'abc', reason: 3 }],
    ['ready with a payload', { type: 'ready', extra: true }],
    ['null', null],
  ])('drops %s', (_what, message) => {
    expect(parseFromWorker(message)).toBeUndefined();
  });

  it('describes a dropped message by its type only', () => {
    expect(describeMessage({ type: 'auth', handshake: { auth: { token: 'secret' } } })).toBe('type "auth"');
    expect(describeMessage('text')).toBe('string');
    expect(describeMessage({ token: 'secret' })).toBe('object without a type');
  });
});
