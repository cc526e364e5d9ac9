/** The signing key the gateway made itself because AUTH_SECRET is not set. Never logged. */
export interface StoredAuthSecret {
  value: string;
  /** Where it is kept. */
  file: string;
  /** True when this start made it (there was none). */
  created: boolean;
}

/**
 * Injection token of the {@link StoredAuthSecret} (optional: absent when AUTH_SECRET is set, or when no
 * DATA_DIR was opened, as in unit tests). DurableStateModule provides it; AuthModule signs with it.
 */
export const STORED_AUTH_SECRET = Symbol('STORED_AUTH_SECRET');
