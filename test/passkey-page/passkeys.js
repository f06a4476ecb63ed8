// A page of the passkey ceremonies for the browser test: the API's own calls, the browser's own WebAuthn.
(() => {
  // The API's address rides on the script's own URL: the page has no inline script to say it.
  const api = new URL(document.currentScript.src).searchParams.get('api');
  const status = document.getElementById('status');
  const email = document.getElementById('email');
  let tokens = null;

  async function call(path, body, token) {
    const headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(new URL(path, api), { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
    return answer;
  }

  /** Uses the tokens against the API: the signed-in user as the graph knows them. */
  async function signedIn(tokenSet, how) {
    tokens = tokenSet;
    const me = await call('/graphql', { query: '{ me { email } }' }, tokens.accessToken);
    status.textContent = `Signed in as ${me.data.me.email} with ${how}`;
  }

  async function run(action) {
    try {
      await action();
    } catch (error) {
      status.textContent = `Failed: ${error.message}`;
    }
  }

  document.getElementById('password-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      const answer = await call('/api/v1/auth/login', {
        email: email.value,
        password: document.getElementById('password').value,
      });
      await signedIn(answer.data, 'a password');
    });
  });

  document.getElementById('add-passkey').addEventListener('click', () =>
    run(async () => {
      const begun = await call(
        '/api/v1/auth/webauthn/register/begin',
        {
          userVerification: 'preferred',
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
        tokens.accessToken,
      );
      const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(begun.data.publicKey);
      const credential = await navigator.credentials.create({ publicKey });
      const finished = await call(
        '/api/v1/auth/webauthn/register/finish',
        {
          challengeId: begun.data.challengeId,
          credential: credential.toJSON(),
        },
        tokens.accessToken,
      );
      status.textContent = `Passkey added: ${finished.data.passkey.name}`;
    }),
  );

  document.getElementById('sign-out').addEventListener('click', () =>
    run(async () => {
      await call('/api/v1/auth/logout', { refreshToken: tokens.refreshToken }, tokens.accessToken);
      tokens = null;
      status.textContent = 'Signed out';
    }),
  );

  document.getElementById('passkey-sign-in').addEventListener('click', () =>
    run(async () => {
      const begun = await call('/api/v1/auth/webauthn/login/begin', { email: email.value });
      const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(begun.data.publicKey);
      const credential = await navigator.credentials.get({ publicKey });
      const answer = await call('/api/v1/auth/webauthn/login/finish', {
        challengeId: begun.data.challengeId,
        credential: credential.toJSON(),
      });
      await signedIn(answer.data, 'a passkey');
    }),
  );
})();
