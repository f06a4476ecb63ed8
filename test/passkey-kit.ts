import { freshIpHeader } from './client-address.js';
import type { HttpClient } from './client.js';
import type { LoginOptions } from '@platform/auth/passkeys/passkey-login.service';
import type { RegistrationOptions } from '@platform/auth/passkeys/passkey-registration.service';
import { assertion, attestation, type SoftwareCredential, type Tampering } from './passkey-authenticator.js';

export const passkeyPaths = {
  registerBegin: '/api/v1/auth/webauthn/register/begin',
  registerFinish: '/api/v1/auth/webauthn/register/finish',
  loginBegin: '/api/v1/auth/webauthn/login/begin',
  loginFinish: '/api/v1/auth/webauthn/login/finish',
} as const;

/** The four passkey calls over REST, each from a fresh client address, with a software authenticator. */
export function passkeyKit(api: HttpClient, origin: string) {
  const send = (path: string, body: unknown, token?: string) =>
    api.post(path, body, { token, headers: freshIpHeader() });

  async function beginRegistration(token: string, body: unknown = {}): Promise<RegistrationOptions> {
    const begun = await send(passkeyPaths.registerBegin, body, token);
    if (begun.status !== 200) throw new Error(`register begin failed: ${begun.status} ${JSON.stringify(begun.body)}`);
    return begun.body.data as RegistrationOptions;
  }

  const finishRegistration = (
    token: string,
    options: RegistrationOptions,
    credential: SoftwareCredential,
    tampering?: Tampering,
  ) =>
    send(
      passkeyPaths.registerFinish,
      { challengeId: options.challengeId, credential: attestation(credential, options.publicKey, origin, tampering) },
      token,
    );

  /** Registers the credential; returns the user handle the authenticator would keep with it. */
  async function register(token: string, credential: SoftwareCredential, body: unknown = {}): Promise<string> {
    const options = await beginRegistration(token, body);
    const finished = await finishRegistration(token, options, credential);
    if (finished.status !== 200)
      throw new Error(`register finish failed: ${finished.status} ${JSON.stringify(finished.body)}`);
    return options.publicKey.user.id;
  }

  async function beginLogin(email: string, extra: Record<string, unknown> = {}): Promise<LoginOptions> {
    const begun = await send(passkeyPaths.loginBegin, { email, ...extra });
    if (begun.status !== 200) throw new Error(`login begin failed: ${begun.status} ${JSON.stringify(begun.body)}`);
    return begun.body.data as LoginOptions;
  }

  const finishLogin = (
    options: LoginOptions,
    credential: SoftwareCredential,
    userHandle: string | null,
    tampering?: Tampering,
  ) =>
    send(passkeyPaths.loginFinish, {
      challengeId: options.challengeId,
      credential: assertion(credential, options.publicKey, origin, userHandle, tampering),
    });

  return { send, beginRegistration, finishRegistration, register, beginLogin, finishLogin };
}
