/* global window, document, fetch */
// The web console's first pages (issue 13): sign in with a password or a passkey, sign out, manage passkeys.
// Tokens stay in this page's memory only; @simplewebauthn/browser runs the browser's WebAuthn ceremonies.
(() => {
  const { startRegistration, startAuthentication } = window.SimpleWebAuthnBrowser;
  const byId = (id) => document.getElementById(id);
  const status = byId('status');
  let tokens = null;

  async function call(path, body, token) {
    const headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok || answer.errors) throw new Error(answer.message ?? answer.errors[0].message);
    return answer;
  }

  const graph = async (query, variables) => (await call('/graphql', { query, variables }, tokens.accessToken)).data;

  async function run(action) {
    status.textContent = '';
    try {
      await action();
    } catch (error) {
      status.textContent = `Failed: ${error.message}`;
    }
  }

  function show(signedIn) {
    byId('signed-out').hidden = signedIn;
    byId('signed-in').hidden = !signedIn;
  }

  async function signedIn(tokenSet, how) {
    tokens = tokenSet;
    const { me } = await graph('{ me { email } }');
    byId('who').textContent = `Signed in as ${me.email} with ${how}`;
    show(true);
    await listPasskeys();
  }

  const when = (timestamp) => (timestamp ? new Date(timestamp).toLocaleString() : 'never');

  function passkeyItem(passkey) {
    const item = document.createElement('li');
    item.className = 'passkey';
    const name = document.createElement('input');
    name.value = passkey.name;
    name.setAttribute('aria-label', 'Passkey name');
    const facts = document.createElement('span');
    facts.textContent = `added ${when(passkey.createdAt)}, last used ${when(passkey.lastUsedAt)}, ${
      passkey.backedUp ? 'backed up' : 'not backed up'
    }, ${passkey.deviceType === 'multiDevice' ? 'synced' : 'this device only'}`;
    const rename = document.createElement('button');
    rename.textContent = 'Rename';
    rename.addEventListener('click', () =>
      run(async () => {
        await graph('mutation ($id: String!, $name: String!) { renamePasskey(id: $id, name: $name) { id } }', {
          id: passkey.id,
          name: name.value,
        });
        status.textContent = `Passkey renamed: ${name.value}`;
        await listPasskeys();
      }),
    );
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.addEventListener('click', () =>
      run(async () => {
        await graph('mutation ($id: String!) { deletePasskey(id: $id) { success } }', { id: passkey.id });
        status.textContent = `Passkey removed: ${passkey.name}`;
        await listPasskeys();
      }),
    );
    item.append(name, facts, rename, remove);
    return item;
  }

  async function listPasskeys() {
    const { myPasskeys } = await graph('{ myPasskeys { id name createdAt lastUsedAt backedUp deviceType } }');
    byId('passkeys').replaceChildren(...myPasskeys.map(passkeyItem));
    byId('no-passkeys').hidden = myPasskeys.length > 0;
  }

  byId('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      const answer = await call('/api/v1/auth/login', { email: byId('email').value, password: byId('password').value });
      byId('password').value = '';
      await signedIn(answer.data, 'a password');
    });
  });

  byId('passkey-sign-in').addEventListener('click', () =>
    run(async () => {
      const begun = await call('/api/v1/auth/webauthn/login/begin', { email: byId('email').value });
      const credential = await startAuthentication({ optionsJSON: begun.data.publicKey });
      const answer = await call('/api/v1/auth/webauthn/login/finish', {
        challengeId: begun.data.challengeId,
        credential,
      });
      await signedIn(answer.data, 'a passkey');
    }),
  );

  byId('add-passkey').addEventListener('click', () =>
    run(async () => {
      const begun = await call(
        '/api/v1/auth/webauthn/register/begin',
        { authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' } },
        tokens.accessToken,
      );
      const credential = await startRegistration({ optionsJSON: begun.data.publicKey });
      const finished = await call(
        '/api/v1/auth/webauthn/register/finish',
        { challengeId: begun.data.challengeId, credential },
        tokens.accessToken,
      );
      status.textContent = `Passkey added: ${finished.data.passkey.name}`;
      await listPasskeys();
    }),
  );

  byId('sign-out').addEventListener('click', () =>
    run(async () => {
      await call('/api/v1/auth/logout', { refreshToken: tokens.refreshToken }, tokens.accessToken);
      tokens = null;
      show(false);
      status.textContent = 'Signed out';
    }),
  );
})();
