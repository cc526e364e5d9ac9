import { PbxAuthError } from '../errors.js';
import type { TokenProvider } from './token.types.js';

/**
 * A fixed access token obtained elsewhere. It cannot be renewed: once the PBX refuses it,
 * requests fail with a `PbxAuthError` until a new provider is configured.
 */
export class StaticTokenProvider implements TokenProvider {
  private refused = false;
  private closed = false;

  constructor(private readonly token: string) {
    if (typeof token !== 'string' || token.trim() === '') {
      throw new PbxAuthError('accessToken must be a non-empty string');
    }
  }

  /** @inheritdoc */
  async getAccessToken(): Promise<string> {
    if (this.closed) throw new PbxAuthError('The token provider is closed');
    if (this.refused) throw new PbxAuthError('The PBX refused the fixed access token; configure a new one');
    return this.token;
  }

  /** @inheritdoc */
  invalidate(token: string): void {
    if (token === this.token) this.refused = true;
  }

  /** @inheritdoc A fixed token never changes, so the listener is never called. */
  onChange(_listener: (token: string) => void): () => void {
    return () => undefined;
  }

  /** @inheritdoc Does not revoke: the token belongs to whoever issued it. */
  async close(): Promise<void> {
    this.closed = true;
  }
}
