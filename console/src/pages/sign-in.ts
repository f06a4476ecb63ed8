// Signing in with a password or a passkey; the token set is handed to the session, never stored.
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { request, type TokenSet, type Wrapped } from '../session.js';
import { act, byId } from '../view.js';

export type SignedIn = (tokens: TokenSet, how: string) => Promise<void>;

/** The REST answer of beginning a passkey sign-in (auth spec, Passkey (WebAuthn)). */
type LoginBegun = Wrapped<{ challengeId: string; publicKey: PublicKeyCredentialRequestOptionsJSON }>;

const email = () => byId<HTMLInputElement>('email').value;

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
    }, 'Signing in…');
  });
  byId('passkey-sign-in').addEventListener(
    'click',
    () =>
      void act(async () => {
        const begun = await request<LoginBegun>('/api/v1/auth/webauthn/login/begin', { email: email() });
        const credential = await startAuthentication({ optionsJSON: begun.data.publicKey });
        const answer = await request<Wrapped<TokenSet>>('/api/v1/auth/webauthn/login/finish', {
          challengeId: begun.data.challengeId,
          credential,
        });
        await signedIn(answer.data, 'a passkey');
      }, 'Waiting for your passkey…'),
  );
}
