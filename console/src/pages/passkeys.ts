// Passkeys: add one with the browser's WebAuthn ceremony, rename or remove the ones the account holds.
import { startRegistration } from '@simplewebauthn/browser';
import { accessToken, graph, request } from '../session.js';
import { act, button, byId, element, loading, say, when } from '../view.js';

interface Passkey {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
  backedUp: boolean;
  deviceType: string;
}

function passkeyItem(passkey: Passkey): HTMLLIElement {
  const item = element('li', { className: 'passkey' });
  const name = element('input', { value: passkey.name });
  name.setAttribute('aria-label', `Name of passkey ${passkey.name}`);
  const facts = element('span', {
    textContent: `added ${when(passkey.createdAt)}, last used ${when(passkey.lastUsedAt)}, ${
      passkey.backedUp ? 'backed up' : 'not backed up'
    }, ${passkey.deviceType === 'multiDevice' ? 'synced' : 'this device only'}`,
  });
  const rename = button('Rename', async () => {
    await graph('mutation ($id: String!, $name: String!) { renamePasskey(id: $id, name: $name) { id } }', {
      id: passkey.id,
      name: name.value,
    });
    say(`Passkey renamed: ${name.value}`);
    await open();
  });
  const remove = button('Remove', async () => {
    await graph('mutation ($id: String!) { deletePasskey(id: $id) { success } }', { id: passkey.id });
    say(`Passkey removed: ${passkey.name}`);
    await open();
  });
  item.append(name, facts, rename, remove);
  return item;
}

async function open(): Promise<void> {
  const list = byId('passkeys');
  await loading(list, async () => {
    const { myPasskeys } = await graph('{ myPasskeys { id name createdAt lastUsedAt backedUp deviceType } }');
    list.replaceChildren(...(myPasskeys as Passkey[]).map(passkeyItem));
    byId('no-passkeys').hidden = myPasskeys.length > 0;
  });
}

async function add(): Promise<void> {
  const begun = await request(
    '/api/v1/auth/webauthn/register/begin',
    { authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' } },
    await accessToken(),
  );
  const credential = await startRegistration({ optionsJSON: begun.data.publicKey });
  const finished = await request(
    '/api/v1/auth/webauthn/register/finish',
    { challengeId: begun.data.challengeId, credential },
    await accessToken(),
  );
  say(`Passkey added: ${finished.data.passkey.name}`);
  await open();
}

export const passkeysPage = { open };

byId('add-passkey').addEventListener('click', () => void act(add, 'Waiting for your passkey…'));
