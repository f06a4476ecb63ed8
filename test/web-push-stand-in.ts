import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import nock from 'nock';

/** A browser's side of a subscription: its P-256 key pair and auth secret, to decrypt what it is sent. */
export interface TestBrowserKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

/**
 * RFC 8291 (aes128gcm, RFC 8188) as a browser decrypts a push: the sender's key is the record's key id, the
 * content key and nonce come from the ECDH secret, the auth secret and the salt.
 */
export function browserKeys(endpoint: string): TestBrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const ownPublic = ecdh.getPublicKey();
  return {
    endpoint,
    p256dh: ownPublic.toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const senderPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(senderPublic);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ownPublic, senderPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 and its padding zeros.
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** A VAPID key pair as the configuration takes it (base64url point and scalar). */
export { vapidKeys } from '@platform/lib/embedded';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  /** The VAPID JWT's claims, verified with the key the request names (`k=`). */
  claims: Record<string, unknown>;
  vapidKey: string;
  body: Buffer;
}

/**
 * A push service (RFC 8030) at `origin`, answered by nock, so that the real `web-push` code runs to its HTTP
 * request: every push is kept; a path starting with `/gone-` answers 410, `/missing-` 404, `/flaky-` 500 the first
 * time, `/down-` 500 every time, anything else 201.
 */
export function pushServiceStandIn(origin = 'https://push.example.test') {
  const received: ReceivedPush[] = [];
  const failedOnce = new Set<string>();
  nock(origin)
    .post(/.*/)
    .reply(async function (path, body) {
      const headers = Object.fromEntries(
        Object.entries(this.req.headers).map(([name, value]) => [name, String(value)]),
      );
      const [, jwt = '', vapidKey = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '') ?? [];
      const point = Buffer.from(vapidKey, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
        },
        'ES256',
      );
      const { payload: claims } = await jwtVerify(jwt, key, { audience: origin });
      received.push({ path, headers, claims, vapidKey, body: Buffer.from(body as string, 'hex') });
      if (path.startsWith('/gone-')) return [410, 'push subscription has unsubscribed or expired'];
      if (path.startsWith('/missing-')) return [404, 'not found'];
      if (path.startsWith('/down-') || (path.startsWith('/flaky-') && !failedOnce.has(path))) {
        failedOnce.add(path);
        return [500, 'internal error'];
      }
      return [201, ''];
    })
    .persist();
  return { origin, received, close: () => nock.cleanAll() };
}
