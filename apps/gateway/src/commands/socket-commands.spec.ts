import 'reflect-metadata';
import { MetadataScanner } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { CallsWatchGateway } from '../calls/calls-watch.gateway.js';
import { CommandsGateway } from './commands.gateway.js';
import { SOCKET_COMMANDS, isLeaderCommand, type SocketCommandName } from './socket-commands.js';

/** The messages a socket gateway class handles (@SubscribeMessage; Nest's metadata keys). */
function handledBy(gateway: { prototype: object }): string[] {
  const prototype = gateway.prototype as Record<string, unknown>;
  return new MetadataScanner()
    .getAllMethodNames(prototype)
    .map((name) => prototype[name])
    .filter((handler) => typeof handler === 'function')
    .filter((handler) => Reflect.getMetadata('websockets:message_mapping', handler as object))
    .map((handler) => String(Reflect.getMetadata('message', handler as object)))
    .sort();
}

const names = Object.keys(SOCKET_COMMANDS) as SocketCommandName[];
const of = (gateway: string) => names.filter((name) => SOCKET_COMMANDS[name].gateway === gateway).sort();

describe('the socket command table', () => {
  it('names the gateway that handles each command, and each gateway handles exactly its rows', () => {
    expect(handledBy(CommandsGateway)).toEqual(of('commands'));
    expect(handledBy(CallsWatchGateway)).toEqual(of('calls-watch'));
  });

  it('forwards to the leader only the commands that act on the PBX or its live state', () => {
    expect(names.filter(isLeaderCommand).sort()).toEqual(
      [
        'agent:login',
        'agent:pause',
        'agent:pause-reasons',
        'call:listen',
        'call:monitor-stop',
        'conference:kick',
        'inbound:decide',
        'inbound:unblock',
        'monitor:check',
        'uacsta:refuse',
      ].sort(),
    );
    // A forwarded name is untrusted text from Redis.
    for (const text of ['audit:recent', 'calls:watch', 'subscribe', 'toString', '__proto__', ''])
      expect(isLeaderCommand(text), text).toBe(false);
  });

  it('audits every command that changes something and none that only reads', () => {
    expect(names.filter((name) => SOCKET_COMMANDS[name].audited).sort()).toEqual(
      [
        'agent:login',
        'agent:pause',
        'call:listen',
        'call:monitor-stop',
        'conference:kick',
        'inbound:decide',
        'inbound:unblock',
        'uacsta:refuse',
      ].sort(),
    );
  });
});
