import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for content assertions. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server that keeps every message; `delayMs(n)` slows the answer to the n-th (crash tests). */
export async function startSmtpCatcher(delayMs: (index: number) => number = () => 0) {
  let received = 0;
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            text: decodeQuotedPrintable(raw),
          });
          callback();
        }, delayMs(received));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OneSignalBody {
  app_id?: string;
  include_player_ids?: string[];
  contents?: Record<string, string>;
}

interface FcmBody {
  message: { token: string; notification?: { title: string; body: string } } & Record<string, unknown>;
}

/**
 * OneSignal's REST API as a local server: player ids starting with `bad-` are reported invalid; a send to a player
 * id starting with `down-` answers 500 every time (`failures` counts them).
 */
export async function startOneSignalStandIn() {
  const requests: { authorization?: string; body: OneSignalBody }[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url?.startsWith('/files/')) {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('attached report');
        return;
      }
      const parsed = JSON.parse(body || '{}') as OneSignalBody;
      requests.push({ authorization: request.headers.authorization, body: parsed });
      if ((parsed.include_player_ids ?? []).some((id) => id.startsWith('down-'))) {
        failures += 1;
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"errors":["Internal Server Error"]}');
        return;
      }
      const invalid = (parsed.include_player_ids ?? []).filter((id) => id.startsWith('bad-'));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'onesignal-notification-1',
          ...(invalid.length ? { errors: { invalid_player_ids: invalid } } : {}),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failures: () => failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * FCM without a network: a real service-account file, nock for the OAuth token exchange and
 * for FCM v1 `messages:send`; tokens starting with `bad-` answer UNREGISTERED, those starting with `flaky-`
 * answer 500 (a transient failure) the first time each is sent, and those starting with `down-` answer 500 every
 * time (`failures` counts those answers per token). `messages` keeps every accepted message whole.
 */
export function fcmStandIn(projectId = 'notifications-test') {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const directory = mkdtempSync(join(tmpdir(), 'fcm-'));
  const credentialsFile = join(directory, 'service-account.json');
  writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'test-key',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: `push@${projectId}.iam.gserviceaccount.com`,
      client_id: '1',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  const sent: { token: string; title: string; body: string }[] = [];
  const messages: FcmBody['message'][] = [];
  const failedOnce = new Set<string>();
  const failures = new Map<string, number>();
  const internalError = [500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }] as const;
  const token = { access_token: 'test-access-token', expires_in: 3600, token_type: 'Bearer' };
  nock('https://oauth2.googleapis.com').post('/token').reply(200, token).persist();
  nock('https://www.googleapis.com').post('/oauth2/v4/token').reply(200, token).persist();
  nock('https://fcm.googleapis.com')
    .post(`/v1/projects/${projectId}/messages:send`)
    .reply((_uri, body) => {
      const { message } = body as FcmBody;
      if (String(message.token).startsWith('flaky-') && !failedOnce.has(message.token)) {
        failedOnce.add(message.token);
        return [...internalError];
      }
      if (String(message.token).startsWith('down-')) {
        failures.set(message.token, (failures.get(message.token) ?? 0) + 1);
        return [...internalError];
      }
      if (String(message.token).startsWith('bad-')) {
        return [
          404,
          {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          },
        ];
      }
      messages.push(message);
      sent.push({
        token: message.token,
        title: message.notification?.title ?? '',
        body: message.notification?.body ?? '',
      });
      return [200, { name: `projects/${projectId}/messages/${sent.length}` }];
    })
    .persist();
  return {
    env: {
      FCM_ENABLED: 'true',
      FCM_PROJECT_ID: projectId,
      FCM_CREDENTIALS_FILE: credentialsFile,
      FCM_LEGACY_HTTP: 'true',
    },
    sent,
    messages,
    failures,
    close: () => nock.cleanAll(),
  };
}
