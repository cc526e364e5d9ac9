import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { fail, type Result } from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import type { CommandExecutor, CommandRelay } from '../commands/command-relay.js';
import type { ClusterContext } from './cluster-context.js';
import { describeRedisError } from './redis-connection.js';

/** Timings of {@link RedisCommandRelay}. */
export interface RelayTimings {
  /** How long a command waits for a leader to exist (covers a takeover). */
  findLeaderMs: number;
  /** How long the leader may take to answer (it may send two PBX requests, each with the PBX timeout). */
  answerMs: number;
}

interface Request {
  id: string;
  replyTo: string;
  command: string;
  data: unknown;
  principal: Principal;
}

type Reply = { id: string; result: Result<unknown> } | { id: string; notLeader: true };

const RETRY_MS = 200;
const LEADER_CHECK_MS = 1_000;

/**
 * Forwards supervisor commands from a follower to the leader over Redis pub/sub (request on the leader's
 * channel, answer on the asker's). Commands run where the PBX connection and the live state are, so a held
 * call, a desk-phone call or a conference is acted on by the replica that knows it, and each stream keeps
 * exactly one writer. The principal was authenticated by the replica the browser is connected to; Redis is
 * trusted like the gateways themselves.
 */
export class RedisCommandRelay implements CommandRelay {
  private readonly logger = new Logger('CommandRelay');
  private readonly pending = new Map<string, (reply: Reply | undefined) => void>();
  private executor: CommandExecutor | undefined;

  constructor(
    private readonly ctx: ClusterContext,
    private readonly findLeader: () => Promise<string | null>,
    private readonly timings: RelayTimings,
  ) {}

  /** Listens for forwarded commands and for answers. */
  async start(): Promise<void> {
    const { keys, replica, redis } = this.ctx;
    await redis.subscribe(keys.commands(replica), (text) => void this.onRequest(text));
    await redis.subscribe(keys.replies(replica), (text) => this.onReply(text));
  }

  serve(executor: CommandExecutor): void {
    this.executor = executor;
  }

  async run<T>(
    command: string,
    data: unknown,
    principal: Principal,
    local: () => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const deadline = Date.now() + this.timings.findLeaderMs;
    for (;;) {
      if (this.ctx.role.isLeader) return local();
      const leader = await this.findLeader().catch(() => null);
      if (leader && leader !== this.ctx.replica) {
        const reply = await this.forward(leader, command, data, principal);
        if (reply === 'timeout')
          return fail(
            'pbx_unavailable',
            'The gateway connected to the PBX did not answer in time; check whether the action happened before trying again.',
          );
        if (reply && !('notLeader' in reply)) return reply.result as Result<T>;
      }
      if (Date.now() >= deadline)
        return fail(
          'pbx_unavailable',
          'No gateway is connected to the PBX right now (switching over); try again in a few seconds.',
        );
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /**
   * Sends one request; undefined when nobody received it or the receiver no longer leads, `timeout` when
   * no answer came in time or the receiver lost the lease before answering (it may have acted).
   */
  private async forward(
    leader: string,
    command: string,
    data: unknown,
    principal: Principal,
  ): Promise<Reply | 'timeout' | undefined> {
    const request: Request = {
      id: randomUUID(),
      replyTo: this.ctx.keys.replies(this.ctx.replica),
      command,
      data,
      principal,
    };
    let finish: (outcome: Reply | 'timeout' | undefined) => void = () => undefined;
    const outcome = new Promise<Reply | 'timeout' | undefined>((resolve) => (finish = resolve));
    this.pending.set(request.id, (reply) => finish(reply));
    const timer = setTimeout(() => finish('timeout'), this.timings.answerMs);
    // A leader that dies mid-command never answers: stop waiting once another replica holds the lease.
    const watch = setInterval(() => {
      void this.findLeader().then(
        (current) => current !== leader && finish('timeout'),
        () => undefined,
      );
    }, LEADER_CHECK_MS);
    try {
      const receivers = await this.ctx.redis.command<number>([
        'PUBLISH',
        this.ctx.keys.commands(leader),
        JSON.stringify(request),
      ]);
      if (receivers < 1) return undefined;
      return await outcome;
    } catch (error) {
      this.logger.warn({ msg: 'could not forward a command', command, error: describeRedisError(error) });
      return undefined;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
      this.pending.delete(request.id);
    }
  }

  private async onRequest(text: string): Promise<void> {
    let request: Request;
    try {
      request = JSON.parse(text) as Request;
      if (
        typeof request.id !== 'string' ||
        typeof request.replyTo !== 'string' ||
        typeof request.command !== 'string'
      )
        throw new Error('not a command request');
    } catch {
      this.logger.warn({ msg: 'ignoring an unreadable forwarded command' });
      return;
    }
    let reply: Reply;
    if (!this.ctx.role.isLeader || !this.executor) reply = { id: request.id, notLeader: true };
    else {
      const result = await this.executor(request.command, request.data, request.principal).catch(
        (error: unknown) => {
          // The name only: a service's error text may carry details that do not belong in logs.
          this.logger.error({
            msg: 'forwarded command failed',
            command: request.command,
            error: error instanceof Error ? error.name : typeof error,
          });
          return fail('internal', 'Something went wrong on the server; it has been logged.');
        },
      );
      reply = { id: request.id, result };
    }
    await this.ctx.redis
      .command(['PUBLISH', request.replyTo, JSON.stringify(reply)])
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'could not answer a forwarded command', error: describeRedisError(error) }),
      );
  }

  private onReply(text: string): void {
    try {
      const reply = JSON.parse(text) as Reply;
      const resolve = this.pending.get(reply.id);
      if (!resolve) return;
      resolve('notLeader' in reply ? undefined : reply);
    } catch {
      this.logger.warn({ msg: 'ignoring an unreadable command answer' });
    }
  }
}
