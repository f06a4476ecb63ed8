// Signing in with a password or a passkey; the token set is handed to the session, never stored.
import { startAuthentication } from '@simplewebauthn/browser';
import { request, type TokenSet } from '../session.js';
import { act, byId } from '../view.js';

export type SignedIn = (tokens: TokenSet, how: string) => Promise<void>;

const email = () => byId<HTMLInputElement>('email').value;

export function wireSignIn(signedIn: SignedIn): void {
  byId('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void act(async () => {
      const password = byId<HTMLInputElement>('password');
      const answer = await request('/api/v1/auth/login', { email: email(), password: password.value });
      password.value = '';
      await signedIn(answer.data as TokenSet, 'a password');
    }, 'Signing in…');
  });
  byId('passkey-sign-in').addEventListener(
    'click',
    () =>
      void act(async () => {
        const begun = await request('/api/v1/auth/webauthn/login/begin', { email: email() });
        const credential = await startAuthentication({ optionsJSON: begun.data.publicKey });
        const answer = await request('/api/v1/auth/webauthn/login/finish', {
          challengeId: begun.data.challengeId,
          credential,
        });
        await signedIn(answer.data as TokenSet, 'a passkey');
      }, 'Waiting for your passkey…'),
  );
}
