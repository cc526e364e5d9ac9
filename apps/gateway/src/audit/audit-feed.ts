import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AuditEntryView, SessionInfo } from '@switchboard/live-protocol';
import type { LiveSocket } from '../live/socket-types.js';
import { auditEntryInScope } from '../access/supervisor-scope.js';
import { AuditService } from '../ports/audit.service.js';

/**
 * The live audit trail: every entry new to this gateway goes, as `audit:entry`, to each socket that asked
 * for it with `audit:follow`, when that socket's session may read it (the same rule as GET /api/audit and
 * `audit:recent`: auditEntryInScope). A socket stops following when it disconnects.
 */
@Injectable()
export class AuditFeed implements OnModuleDestroy {
  private readonly followers = new Map<LiveSocket, SessionInfo>();
  private readonly stop: () => void;

  constructor(audit: AuditService) {
    this.stop = audit.onEntry((entry) => this.push(entry));
  }

  onModuleDestroy(): void {
    this.stop();
    this.followers.clear();
  }

  /** Starts sending `socket` the new entries `session` may read. Following twice is following once. */
  follow(socket: LiveSocket, session: SessionInfo): void {
    if (!this.followers.has(socket)) socket.once('disconnect', () => this.followers.delete(socket));
    this.followers.set(socket, session);
  }

  /** How many sockets follow the trail (metrics, tests). */
  get size(): number {
    return this.followers.size;
  }

  private push(entry: AuditEntryView): void {
    for (const [socket, session] of this.followers) {
      if (!socket.connected) this.followers.delete(socket);
      else if (auditEntryInScope(session, entry)) socket.emit('audit:entry', entry);
    }
  }
}
