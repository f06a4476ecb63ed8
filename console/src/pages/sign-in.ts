// Signing in with a password or a passkey; the token set is handed to the session, never stored. Passkeys are also
// offered by the browser itself in the e-mail field's suggestions (autofill), and after a password sign-in the
// browser may add one without asking (conditional create), both where the browser supports them (issue 27).
import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { request, type TokenSet, type Wrapped } from '../session.js';
import { act, byId } from '../view.js';

export type SignedIn = (tokens: TokenSet, how: string) => Promise<void>;

/** The REST answer of beginning a passkey sign-in (auth spec, Passkey (WebAuthn)). */
type LoginBegun = Wrapped<{ challengeId: string; publicKey: PublicKeyCredentialRequestOptionsJSON }>;
type RegistrationBegun = Wrapped<{ challengeId: string; publicKey: PublicKeyCredentialCreationOptionsJSON }>;

/** WebAuthn Level 3's capability list, not yet in TypeScript's DOM types. */
type WithCapabilities = typeof PublicKeyCredential & { getClientCapabilities?: () => Promise<Record<string, boolean>> };

const email = () => byId<HTMLInputElement>('email').value;

async function finishPasskeySignIn(begun: LoginBegun, autofill: boolean, signedIn: SignedIn): Promise<void> {
  const credential = await startAuthentication({ optionsJSON: begun.data.publicKey, useBrowserAutofill: autofill });
  const answer = await request<Wrapped<TokenSet>>('/api/v1/auth/webauthn/login/finish', {
    challengeId: begun.data.challengeId,
    credential,
  });
  await signedIn(answer.data, 'a passkey');
}

/**
 * Conditional mediation: the request waits, unseen, until the person picks a passkey among the e-mail field's
 * suggestions (`autocomplete="username webauthn"`). The passkey button or another sign-in aborts it (the library
 * cancels a pending ceremony when it starts the next); an aborted or refused offer just ends.
 */
export function offerPasskeyAutofill(signedIn: SignedIn): void {
  void (async () => {
    if (!(await browserSupportsWebAuthnAutofill())) return;
    const begun = await request<LoginBegun>('/api/v1/auth/webauthn/login/autofill', {});
    await finishPasskeySignIn(begun, true, signedIn);
  })().catch(() => undefined);
}

/**
 * The automatic upgrade after a password sign-in: options marked conditional (the server issues them only right
 * after a password sign-in, and accepts their answer without user presence). The browser creates the passkey only
 * if its password manager just filled that password; otherwise the offer ends without a word.
 */
export async function offerPasskeyUpgrade(accessToken: string): Promise<boolean> {
  const capabilities = await (PublicKeyCredential as WithCapabilities).getClientCapabilities?.();
  if (!capabilities?.conditionalCreate) return false;
  const begun = await request<RegistrationBegun>(
    '/api/v1/auth/webauthn/register/begin',
    { conditional: true, authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' } },
    accessToken,
  );
  const credential = await startRegistration({ optionsJSON: begun.data.publicKey, useAutoRegister: true });
  await request(
    '/api/v1/auth/webauthn/register/finish',
    { challengeId: begun.data.challengeId, credential },
    accessToken,
  );
  return true;
}

export function wireSignIn(signedIn: SignedIn): void {
  byId('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void act(async () => {
      const password = byId<HTMLInputElement>('password');
      const answer = await request<Wrapped<TokenSet>>('/api/v1/auth/login', {
        email: email(),
        password: password.value,
      });
      password.value = '';
      await signedIn(answer.data, 'a password');
      offerPasskeyUpgrade(answer.data.accessToken).catch(() => undefined);
    }, 'Signing in…');
  });
  byId('passkey-sign-in').addEventListener(
    'click',
    () =>
      void act(async () => {
        const begun = await request<LoginBegun>('/api/v1/auth/webauthn/login/begin', { email: email() });
        await finishPasskeySignIn(begun, false, signedIn);
      }, 'Waiting for your passkey…'),
  );
  offerPasskeyAutofill(signedIn);
}
