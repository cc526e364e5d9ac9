import { SessionRevocations } from '../ports/session-revocations.js';
import { finite, list, nonEmptyText, object } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';

/** `revoked-sessions.json`: logged-out session tokens until they would have expired anyway. */
export interface RevokedSessionsDocument {
  sessions: { jti: string; expiresAt: number }[];
}

const checkDocument = object<RevokedSessionsDocument>({
  sessions: list(object<{ jti: string; expiresAt: number }>({ jti: nonEmptyText, expiresAt: finite })),
});

/**
 * Logouts kept in DATA_DIR, so a signed-out session stays refused after a restart (its token would
 * otherwise be valid again until it expires). Revoked display links need nothing here: revoking removes the
 * link from the display-link file.
 */
export class FileSessionRevocations extends SessionRevocations {
  readonly file: StateFile<RevokedSessionsDocument>;

  constructor(path: string, onError: (error: unknown) => void, now: () => number = Date.now) {
    super(now);
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.revokedSessions,
      what: 'revoked sessions',
      check: checkDocument,
      snapshot: () => ({ sessions: this.revokedSessions() }),
      onError,
    });
  }

  /** Reads the stored logouts still in force; returns how many there are. */
  async load(): Promise<number> {
    const stored = (await this.file.read())?.sessions ?? [];
    for (const { jti, expiresAt } of stored) super.revokeSession(jti, expiresAt, 'You signed out.');
    return this.revokedSessions().length;
  }

  override revokeSession(jti: string, expiresAt: number, reason: string): void {
    super.revokeSession(jti, expiresAt, reason);
    this.file.changed();
  }
}
