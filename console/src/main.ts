// The web console's first pages (issue 13): sign in with a password or a passkey, sign out, manage passkeys.
// Tokens stay in this page's memory only; @simplewebauthn/browser runs the browser's WebAuthn ceremonies.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import './console.css';

interface TokenSet {
  accessToken: string;
  refreshToken: string;
}

interface Passkey {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
  backedUp: boolean;
  deviceType: string;
}

/** REST answers are bare objects; errors carry `message`, GraphQL answers `errors`. */
type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- shapes vary by path

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const status = byId('status');
let tokens: TokenSet | null = null;

async function call(path: string, body: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json()) as Answer;
  if (!response.ok || answer.errors) throw new Error(answer.message ?? answer.errors[0].message);
  return answer;
}

const graph = async (query: string, variables?: Record<string, unknown>) =>
  (await call('/graphql', { query, variables }, tokens!.accessToken)).data as Answer;

async function run(action: () => Promise<void>): Promise<void> {
  status.textContent = '';
  try {
    await action();
  } catch (error) {
    status.textContent = `Failed: ${(error as Error).message}`;
  }
}

function show(signedIn: boolean): void {
  byId('signed-out').hidden = signedIn;
  byId('signed-in').hidden = !signedIn;
}

async function signedIn(tokenSet: TokenSet, how: string): Promise<void> {
  tokens = tokenSet;
  const { me } = await graph('{ me { email } }');
  byId('who').textContent = `Signed in as ${me.email} with ${how}`;
  show(true);
  await listPasskeys();
}

const when = (timestamp: string | null) => (timestamp ? new Date(timestamp).toLocaleString() : 'never');

function button(label: string, action: () => Promise<void>): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', () => void run(action));
  return element;
}

function passkeyItem(passkey: Passkey): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'passkey';
  const name = document.createElement('input');
  name.value = passkey.name;
  name.setAttribute('aria-label', 'Passkey name');
  const facts = document.createElement('span');
  facts.textContent = `added ${when(passkey.createdAt)}, last used ${when(passkey.lastUsedAt)}, ${
    passkey.backedUp ? 'backed up' : 'not backed up'
  }, ${passkey.deviceType === 'multiDevice' ? 'synced' : 'this device only'}`;
  const rename = button('Rename', async () => {
    await graph('mutation ($id: String!, $name: String!) { renamePasskey(id: $id, name: $name) { id } }', {
      id: passkey.id,
      name: name.value,
    });
    status.textContent = `Passkey renamed: ${name.value}`;
    await listPasskeys();
  });
  const remove = button('Remove', async () => {
    await graph('mutation ($id: String!) { deletePasskey(id: $id) { success } }', { id: passkey.id });
    status.textContent = `Passkey removed: ${passkey.name}`;
    await listPasskeys();
  });
  item.append(name, facts, rename, remove);
  return item;
}

async function listPasskeys(): Promise<void> {
  const { myPasskeys } = await graph('{ myPasskeys { id name createdAt lastUsedAt backedUp deviceType } }');
  byId('passkeys').replaceChildren(...(myPasskeys as Passkey[]).map(passkeyItem));
  byId('no-passkeys').hidden = myPasskeys.length > 0;
}

byId('sign-in-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(async () => {
    const password = byId<HTMLInputElement>('password');
    const email = byId<HTMLInputElement>('email').value;
    const answer = await call('/api/v1/auth/login', { email, password: password.value });
    password.value = '';
    await signedIn(answer.data as TokenSet, 'a password');
  });
});

byId('passkey-sign-in').addEventListener(
  'click',
  () =>
    void run(async () => {
      const begun = await call('/api/v1/auth/webauthn/login/begin', { email: byId<HTMLInputElement>('email').value });
      const credential = await startAuthentication({ optionsJSON: begun.data.publicKey });
      const answer = await call('/api/v1/auth/webauthn/login/finish', {
        challengeId: begun.data.challengeId,
        credential,
      });
      await signedIn(answer.data as TokenSet, 'a passkey');
    }),
);

byId('add-passkey').addEventListener(
  'click',
  () =>
    void run(async () => {
      const begun = await call(
        '/api/v1/auth/webauthn/register/begin',
        { authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' } },
        tokens!.accessToken,
      );
      const credential = await startRegistration({ optionsJSON: begun.data.publicKey });
      const finished = await call(
        '/api/v1/auth/webauthn/register/finish',
        { challengeId: begun.data.challengeId, credential },
        tokens!.accessToken,
      );
      status.textContent = `Passkey added: ${finished.data.passkey.name}`;
      await listPasskeys();
    }),
);

byId('sign-out').addEventListener(
  'click',
  () =>
    void run(async () => {
      await call('/api/v1/auth/logout', { refreshToken: tokens!.refreshToken }, tokens!.accessToken);
      tokens = null;
      show(false);
      status.textContent = 'Signed out';
    }),
);
