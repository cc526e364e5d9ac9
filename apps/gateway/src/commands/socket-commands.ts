import type { Ack, ClientToServerEvents } from '@switchboard/live-protocol';

/** The socket commands of the contract that do work; subscribe, unsubscribe and resync are LiveGateway's streams. */
export type SocketCommandName = Exclude<keyof ClientToServerEvents, 'subscribe' | 'unsubscribe' | 'resync'>;

/** What a command's payload is in the contract. */
export type CommandPayload<K extends SocketCommandName> = Parameters<ClientToServerEvents[K]>[0];

/** What a command answers with in the contract. */
export type CommandAnswer<K extends SocketCommandName> =
  Parameters<ClientToServerEvents[K]>[1] extends Ack<infer T> ? T : never;

/** The rules of one socket command, read by the socket gateway that handles it and by the cluster relay. */
export interface SocketCommandRule {
  /** The socket gateway with its @SubscribeMessage handler. */
  gateway: 'commands' | 'calls-watch';
  /**
   * Where it is carried out when several gateways run: on the `leader`, which holds the PBX connection, the
   * held calls and the desk-phone calls (a follower forwards it through the command relay), or `here`, on
   * the gateway the socket is connected to (what it reads or keeps is per socket).
   */
  runsOn: 'leader' | 'here';
  /** Who may send it: supervisors and admins; viewers and display links never. */
  access: 'supervisor';
  /** Written to the audit log (it changes something) or not (a read). */
  audited: boolean;
}

/**
 * Every socket command and its rules, one row each. A command added to the contract without a row here, or a
 * row without where it runs, does not compile; the authorization matrix (test/authorization-matrix.e2e.spec.ts)
 * fails for a command without a handler or an access row.
 */
export const SOCKET_COMMANDS = {
  'inbound:decide': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'inbound:unblock': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'conference:kick': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'uacsta:refuse': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'agent:login': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'agent:pause': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'agent:pause-reasons': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: false },
  'call:listen': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'call:monitor-stop': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: true },
  'monitor:check': { gateway: 'commands', runsOn: 'leader', access: 'supervisor', audited: false },
  // The audit log is shared through the cluster's store; following it is this socket's own feed.
  'audit:recent': { gateway: 'commands', runsOn: 'here', access: 'supervisor', audited: false },
  'audit:follow': { gateway: 'commands', runsOn: 'here', access: 'supervisor', audited: false },
  // Watches belong to the socket; the leader announces note changes to every gateway (calls-watch.gateway.ts).
  'calls:watch': { gateway: 'calls-watch', runsOn: 'here', access: 'supervisor', audited: false },
  'calls:unwatch': { gateway: 'calls-watch', runsOn: 'here', access: 'supervisor', audited: false },
} as const satisfies Record<SocketCommandName, SocketCommandRule>;

/** The commands CommandsGateway handles. */
export type CommandsGatewayCommand = {
  [K in SocketCommandName]: (typeof SOCKET_COMMANDS)[K]['gateway'] extends 'commands' ? K : never;
}[SocketCommandName];

/** The commands a follower forwards to the leader. */
export type LeaderCommand = {
  [K in SocketCommandName]: (typeof SOCKET_COMMANDS)[K]['runsOn'] extends 'leader' ? K : never;
}[SocketCommandName];

/** Whether `name` is a command the leader carries out for the other gateways (a forwarded name is untrusted text). */
export function isLeaderCommand(name: string): name is LeaderCommand {
  return (
    Object.hasOwn(SOCKET_COMMANDS, name) && SOCKET_COMMANDS[name as SocketCommandName].runsOn === 'leader'
  );
}
