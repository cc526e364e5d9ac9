import type { Result } from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import type { LeaderCommand } from './socket-commands.js';

/**
 * Carries out a command that arrived from another gateway (validated again, principal as it was checked);
 * `command` is untrusted text, answered as not forwardable unless it is a LeaderCommand.
 */
export type CommandExecutor = (
  command: string,
  data: unknown,
  principal: Principal,
) => Promise<Result<unknown>>;

/**
 * Where a command that needs the PBX runs. A single gateway has none and runs everything itself; with
 * several gateways the leader (which holds the PBX connection and the live state) runs them, and the
 * others forward theirs to it.
 */
export interface CommandRelay {
  /** Runs `local` here when this gateway leads, otherwise hands `command` to the leader and returns its answer. */
  run<T>(
    command: LeaderCommand,
    data: unknown,
    principal: Principal,
    local: () => Promise<Result<T>>,
  ): Promise<Result<T>>;
  /** Sets how this gateway carries out commands forwarded to it while it leads. */
  serve(executor: CommandExecutor): void;
}

/** Injection token of the {@link CommandRelay} (optional: absent for a single gateway). */
export const COMMAND_RELAY = Symbol('COMMAND_RELAY');
