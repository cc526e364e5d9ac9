import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { AuditEntryView } from '@switchboard/live-protocol';
import { AUDIT_CAPACITY, AuditService, type AuditInput } from '../ports/audit.service.js';
import type { ClusterContext } from './cluster-context.js';
import { describeRedisError } from './redis-connection.js';

/**
 * The audit trail shared by every gateway: each entry is also appended to a capped Redis list and
 * announced to the other replicas, which keep it in their own ring, so `audit:recent` and GET /api/audit
 * show the same trail wherever a supervisor is connected. Ids are the entry time in ms times 1,000 plus
 * a per-process counter started at a random offset, so replicas do not hand out the same id.
 */
export class SharedAuditService extends AuditService {
  private readonly logger = new Logger('SharedAudit');

  constructor(
    private readonly ctx: ClusterContext,
    private readonly size = AUDIT_CAPACITY,
  ) {
    let counter = randomInt(1_000);
    super(size, Date.now, () => Date.now() * 1_000 + (counter++ % 1_000));
  }

  override record(input: AuditInput): AuditEntryView {
    const entry = super.record(input);
    const { redis, keys, replica } = this.ctx;
    const text = JSON.stringify(entry);
    redis
      .command(['RPUSH', keys.audit, text])
      .then(() => redis.command(['LTRIM', keys.audit, String(-this.size), '-1']))
      .then(() => redis.command(['PUBLISH', keys.auditChannel, JSON.stringify({ from: replica, entry })]))
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'audit entry kept on this gateway only', error: describeRedisError(error) }),
      );
    return entry;
  }

  /** Loads the shared trail and keeps the other replicas' entries from now on. */
  async start(): Promise<void> {
    const { redis, keys, replica } = this.ctx;
    await redis.subscribe(keys.auditChannel, (text) => {
      const message = JSON.parse(text) as { from?: string; entry?: unknown };
      if (message.from !== replica && isEntry(message.entry)) this.keep(message.entry);
    });
    const stored = await redis.command<string[]>(['LRANGE', keys.audit, String(-this.size), '-1']);
    for (const text of stored) {
      try {
        const entry: unknown = JSON.parse(text);
        if (isEntry(entry)) this.keep(entry);
      } catch {
        // an unreadable entry is skipped
      }
    }
  }
}

function isEntry(value: unknown): value is AuditEntryView {
  const entry = value as Partial<AuditEntryView> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'number' &&
    typeof entry.at === 'number' &&
    typeof entry.user === 'string' &&
    typeof entry.action === 'string' &&
    typeof entry.target === 'string' &&
    (entry.result === 'ok' || entry.result === 'error') &&
    typeof entry.detail === 'string' &&
    (entry.facts === undefined || (typeof entry.facts === 'object' && entry.facts !== null))
  );
}
