import { Logger, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { STORED_AUTH_SECRET, type StoredAuthSecret } from '../ports/stored-auth-secret.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { InMemoryDisplayTokenStore } from '../ports/display-token.store.js';
import { DisplayTokensController } from './display-tokens.controller.js';
import { DISPLAY_TOKEN_STORE, DisplayTokensService } from './display-tokens.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordCheckSlots } from './password-check-slots.js';
import { SecurityHeadersMiddleware } from './security-headers.middleware.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { SessionGuard } from './session.guard.js';
import { TokenSigner } from './token-signer.js';
import { TrustedProxies } from './trusted-proxies.js';
import { UserDirectory } from './user-directory.js';

const log = new Logger('Auth');

/**
 * Who may use the gateway and how: password logins, display links, trusted proxy headers, the REST role guard
 * and the security headers of every HTTP answer (the socket handshake, SocketSessionsService, is LiveModule's).
 */
@Module({
  controllers: [AuthController, DisplayTokensController],
  providers: [
    {
      provide: TokenSigner,
      inject: [GATEWAY_CONFIG, { token: STORED_AUTH_SECRET, optional: true }],
      useFactory: (config: GatewayConfig, stored?: StoredAuthSecret | null) => {
        // Without AUTH_SECRET the gateway signs with a key it made once and keeps in DATA_DIR (never logged).
        const kept = stored ?? undefined;
        if (kept && config.redisUrl)
          log.warn({
            msg: 'AUTH_SECRET is not set: tokens are signed with the key kept in DATA_DIR; replicas that do not share that directory refuse each other’s sessions and display links, so set the same AUTH_SECRET on every replica',
            file: kept.file,
          });
        else if (kept)
          log.log({
            msg: 'AUTH_SECRET is not set: tokens are signed with the key kept in DATA_DIR',
            file: kept.file,
            created: kept.created,
          });
        else if (config.auth.secretGenerated)
          log.warn(
            'AUTH_SECRET is not set: tokens are signed with a random key, so sessions and display links end on restart',
          );
        return new TokenSigner(kept?.value ?? config.auth.secret);
      },
    },
    {
      provide: UserDirectory,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        UserDirectory.create(config, {
          info: (msg, fields) => log.log({ msg, ...fields }),
          warn: (msg, fields) => log.warn({ msg, ...fields }),
          error: (msg, fields) => log.error({ msg, ...fields }),
        }),
    },
    {
      provide: TrustedProxies,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => {
        const proxies = new TrustedProxies(config.auth.trustedProxies);
        for (const problem of proxies.problems) log.error({ msg: `${problem}; the entry is ignored` });
        return proxies;
      },
    },
    // With REDIS_URL, login attempts are counted for the whole cluster; otherwise in memory.
    {
      provide: LoginThrottle,
      inject: [{ token: CLUSTER_STORES, optional: true }],
      useFactory: (stores?: ClusterStores) => new LoginThrottle(stores?.loginAttempts),
    },
    { provide: PasswordCheckSlots, useFactory: () => new PasswordCheckSlots() },
    // With REDIS_URL, revocations and display links are shared by every gateway of the cluster.
    {
      provide: SessionRevocations,
      inject: [{ token: CLUSTER_STORES, optional: true }],
      useFactory: (stores?: ClusterStores) => stores?.revocations ?? new SessionRevocations(),
    },
    {
      provide: DISPLAY_TOKEN_STORE,
      inject: [{ token: CLUSTER_STORES, optional: true }],
      useFactory: (stores?: ClusterStores) => stores?.displayTokens ?? new InMemoryDisplayTokenStore(),
    },
    DisplayTokensService,
    AuthService,
    SessionGuard,
  ],
  exports: [AuthService, SessionGuard, DisplayTokensService, TokenSigner, SessionRevocations, TrustedProxies],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SecurityHeadersMiddleware).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
