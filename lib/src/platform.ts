import { Authenticator } from './auth/authenticator.js';
import { DeviceProofs } from './auth/device-proof.js';
import { DeviceProofGuard } from './auth/device-proof-guard.js';
import { Revocations } from './auth/revocation.js';
import { TokenCodec } from './auth/token-codec.js';
import type { Config } from './config.js';
import { FieldCipher } from './crypto/field-cipher.js';
import type { Logger } from './logger.js';
import { QueuedNotificationProducer } from './notifications/producer.js';
import { RateLimiter } from './rate-limit.js';
import type { Stores } from './store/ports.js';

/** Process-wide parts every service shares, built once at start-up and handed down explicitly. */
export interface Platform {
  config: Config;
  logger: Logger;
  stores: Stores;
  codec: TokenCodec;
  authenticator: Authenticator;
  /** Proofs of possession of device keys (RFC 9449 DPoP), checked by the edge (issue 27). */
  deviceProofs: DeviceProofGuard;
  revocations: Revocations;
  rateLimiter: RateLimiter;
  /** AES-256-GCM for sensitive stored columns (public keys, push tokens, passkey keys). */
  cipher: FieldCipher;
  /** Raises notifications through the one durable path; the process entry opens it on its database. */
  notifications: QueuedNotificationProducer;
  now: () => number;
}

export function createPlatform(config: Config, logger: Logger, stores: Stores, now: () => number = Date.now): Platform {
  const codec = new TokenCodec({
    secret: config.JWT_SECRET,
    previousSecrets: config.JWT_PREVIOUS_SECRETS,
    issuer: config.JWT_ISSUER,
    now,
  });
  const revocations = new Revocations({ store: stores.keyValue, pubSub: stores.pubSub, now });
  return {
    config,
    logger,
    stores,
    codec,
    revocations,
    authenticator: new Authenticator({ codec, revocations }),
    deviceProofs: new DeviceProofGuard({
      proofs: new DeviceProofs({
        store: stores.keyValue,
        secret: config.JWT_SECRET,
        nonce: config.DEVICE_PROOF_NONCE,
        now,
      }),
      mode: config.DEVICE_PROOF,
      logger,
    }),
    rateLimiter: new RateLimiter({ store: stores.rateLimits, enabled: config.RATE_LIMIT_ENABLED }),
    cipher: new FieldCipher({
      currentKey: config.DATA_ENCRYPTION_KEY,
      previousKeys: config.DATA_ENCRYPTION_PREVIOUS_KEYS,
    }),
    notifications: new QueuedNotificationProducer({ config, logger }),
    now,
  };
}
