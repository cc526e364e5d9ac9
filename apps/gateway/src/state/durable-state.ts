import { constants } from 'node:fs';
import { access, mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { StoredAuthSecret } from '../ports/stored-auth-secret.js';
import { loadOrCreateAuthSecret } from './auth-secret.js';
import { FileAgentTime } from './file-agent-time.js';
import { FileAlertStore } from './file-alert-store.js';
import { FileAuditService } from './file-audit.service.js';
import { FileDisplayTokenStore } from './file-display-token.store.js';
import { FileHeldCallChannels } from './file-held-call-channels.js';
import { FileSessionRevocations } from './file-session-revocations.js';
import { FileStreamStore } from './file-stream-store.js';
import { StateFileError } from './state-file.js';

/** The files of DATA_DIR, one JSON document per concern. */
export const STATE_FILES = {
  authSecret: 'auth-secret',
  displayLinks: 'display-links.json',
  revokedSessions: 'revoked-sessions.json',
  audit: 'audit.json',
  streams: 'streams.json',
  heldCallChannels: 'held-call-channels.json',
  agentTime: 'agent-time.json',
  alerts: 'alerts.json',
} as const;

/** Failed writes are logged at most this often per file (a full disk would otherwise flood the log). */
const ERROR_LOG_INTERVAL_MS = 30_000;

/** The stores of a gateway running alone, kept in DATA_DIR. */
export class FileStores {
  readonly displayTokens: FileDisplayTokenStore;
  readonly revocations: FileSessionRevocations;
  readonly audit: FileAuditService;
  readonly heldCallChannels: FileHeldCallChannels;
  readonly streams: FileStreamStore;
  readonly agentTime: FileAgentTime;
  readonly alerts: FileAlertStore;
  private readonly logger = new Logger('State');

  constructor(dir: string) {
    const onError = (file: string) => {
      let loggedAt = -Infinity;
      return (error: unknown) => {
        if (Date.now() - loggedAt < ERROR_LOG_INTERVAL_MS) return;
        loggedAt = Date.now();
        this.logger.error({
          msg: 'state not written; retrying (a restart now would lose the latest changes)',
          file: join(dir, file),
          error: (error as NodeJS.ErrnoException).code ?? String(error),
        });
      };
    };
    this.displayTokens = new FileDisplayTokenStore(
      join(dir, STATE_FILES.displayLinks),
      onError(STATE_FILES.displayLinks),
    );
    this.revocations = new FileSessionRevocations(
      join(dir, STATE_FILES.revokedSessions),
      onError(STATE_FILES.revokedSessions),
    );
    this.audit = new FileAuditService(join(dir, STATE_FILES.audit), onError(STATE_FILES.audit));
    this.heldCallChannels = new FileHeldCallChannels(
      join(dir, STATE_FILES.heldCallChannels),
      onError(STATE_FILES.heldCallChannels),
    );
    this.streams = new FileStreamStore(join(dir, STATE_FILES.streams), onError(STATE_FILES.streams));
    this.agentTime = new FileAgentTime(join(dir, STATE_FILES.agentTime), onError(STATE_FILES.agentTime));
    this.alerts = new FileAlertStore(join(dir, STATE_FILES.alerts), onError(STATE_FILES.alerts));
  }

  /** Reads every file; the first unusable one fails the whole start. Answers what was found, for the log. */
  async load(): Promise<Record<string, number>> {
    const [displayLinks, revokedSessions, auditEntries, heldCallChannels, streams, agentTime, alertChannels] =
      await Promise.all([
        this.displayTokens.load(),
        this.revocations.load(),
        this.audit.load(),
        this.heldCallChannels.load(),
        this.streams.load(),
        this.agentTime.load(),
        this.alerts.load(),
      ]);
    return {
      displayLinks,
      revokedSessions,
      auditEntries,
      heldCallChannels,
      streams,
      agentTime,
      alertChannels,
    };
  }

  /** Writes whatever is pending (shutdown). */
  async close(): Promise<void> {
    const files = [
      this.displayTokens,
      this.revocations,
      this.audit,
      this.heldCallChannels,
      this.streams,
      this.agentTime,
      this.alerts,
    ];
    const results = await Promise.allSettled(files.map((store) => store.file.close()));
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        this.logger.error({
          msg: 'state not written at shutdown; the latest changes are lost',
          file: files[index]?.file.path,
          error: String((result.reason as NodeJS.ErrnoException | undefined)?.code ?? result.reason),
        });
    });
  }
}

/**
 * What a gateway keeps in DATA_DIR, opened before the application is built: the signing key it made when
 * AUTH_SECRET is not set (with or without Redis), and, without REDIS_URL, the {@link FileStores}. With
 * REDIS_URL and AUTH_SECRET set the directory is not touched.
 */
export class DurableState {
  private constructor(
    readonly dataDir: string,
    /** The generated signing key, when AUTH_SECRET is not set. */
    readonly authSecret: StoredAuthSecret | undefined,
    /** The stores, without REDIS_URL (Redis holds them otherwise). */
    readonly files: FileStores | undefined,
    /** What was read at start, for the log. */
    readonly loaded: Record<string, number>,
  ) {}

  /** Opens DATA_DIR; throws a {@link StateFileError} naming the file or directory that cannot be used. */
  static async open(config: Pick<GatewayConfig, 'dataDir' | 'redisUrl' | 'auth'>): Promise<DurableState> {
    const keepsStores = !config.redisUrl;
    const needsKey = config.auth.secretGenerated;
    if (!keepsStores && !needsKey) return new DurableState(config.dataDir, undefined, undefined, {});
    await prepareDirectory(config.dataDir);
    const authSecret = needsKey
      ? await loadOrCreateAuthSecret(join(config.dataDir, STATE_FILES.authSecret))
      : undefined;
    const files = keepsStores ? new FileStores(config.dataDir) : undefined;
    const loaded = (await files?.load()) ?? {};
    return new DurableState(config.dataDir, authSecret, files, loaded);
  }

  /** Writes whatever is pending. */
  async close(): Promise<void> {
    await this.files?.close();
  }
}

/** Creates DATA_DIR, checks it can be written, and removes temporary files a killed gateway left behind. */
async function prepareDirectory(dir: string): Promise<void> {
  try {
    // A new directory is the gateway user's alone (the files in it are 0600 as well).
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new StateFileError(
      dir,
      `(DATA_DIR) is not a writable directory (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      "make it writable for the gateway's user, or point DATA_DIR at a directory that is",
    );
  }
  // write-file-atomic's temporary files are `<file>.<number>`. Only this gateway writes those files (one per
  // DATA_DIR without Redis); the key's temporary file is left alone, another replica may be making it now.
  const names = Object.values(STATE_FILES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\./g, '\\.'));
  const leftover = new RegExp(`^(${names.join('|')})\\.\\d+$`);
  for (const name of await readdir(dir))
    if (leftover.test(name)) await unlink(join(dir, name)).catch(() => undefined);
}
