/** Body of get_token: the application's client id and secret from the PBX web portal. */
export interface TokenGetParams {
  /** Client ID. */
  username: string;
  /** Client Secret. */
  password: string;
}

/** Body of refresh_token. */
export interface TokenRefreshParams {
  refresh_token: string;
}

/** Answer of get_token and refresh_token (both rotate the pair). */
export interface TokenResponse {
  access_token: string;
  /** Seconds the access token lives (1800 on a real PBX). */
  access_token_expire_time: number;
  refresh_token: string;
  /** Seconds the refresh token lives (86400 on a real PBX). */
  refresh_token_expire_time: number;
}

/** The three token calls, as the provider needs them; implemented by the client over its transport. */
export interface TokenApi {
  getToken(params: TokenGetParams): Promise<TokenResponse>;
  refreshToken(params: TokenRefreshParams): Promise<TokenResponse>;
  /** Revokes `accessToken` (del_token). */
  deleteToken(accessToken: string): Promise<void>;
}

/**
 * Supplies access tokens to every request and to the event stream.
 * Implementations must never log or put a token in an error message.
 */
export interface TokenProvider {
  /** A token valid now; may fetch or refresh one. Concurrent callers share a single renewal. */
  getAccessToken(): Promise<string>;
  /** The PBX refused `token`: the next {@link getAccessToken} must not return it. */
  invalidate(token: string): void;
  /** Called with each new token after a renewal; returns a function that unsubscribes. */
  onChange(listener: (token: string) => void): () => void;
  /** Stops timers and revokes any live token; later calls fail. */
  close(): Promise<void>;
}
