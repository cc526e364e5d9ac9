/** get_token, refresh_token and del_token (docs/pbx/auth.md#token-operations) over the token store. */
import type { HandlerTable, RequestContext } from '../contracts.js';
import type { TokenStore } from './token-store.js';

/** A request context that may carry the request's own access token (the router adds it). */
type WithToken = RequestContext & { accessToken?: string };

/** Handlers of the token operations. */
export function tokenHandlers(tokens: TokenStore): HandlerTable {
  return {
    get_token: ({ params, clientIp }) => ({
      ...tokens.issue(String(params['username']), String(params['password']), clientIp),
    }),
    refresh_token: ({ params, clientIp }) => ({
      ...tokens.refresh(String(params['refresh_token']), clientIp),
    }),
    // The router already refused an invalid token; del_token revokes the one in the URL.
    del_token: (context: WithToken) => {
      if (context.accessToken) tokens.revoke(context.accessToken);
      return {};
    },
  };
}
