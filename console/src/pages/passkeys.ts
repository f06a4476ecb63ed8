// Passkeys: add one with the browser's WebAuthn ceremony, rename or remove the ones the account holds.
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { graphql } from '../generated/index.js';
import type { MyPasskeysQuery } from '../generated/graphql.js';
import { accessToken, graph, request, type Wrapped } from '../session.js';
import { act, button, byId, element, loading, say, when } from '../view.js';

type Passkey = MyPasskeysQuery['myPasskeys'][number];

const passkeysQuery = graphql(`
  query MyPasskeys {
    myPasskeys {
      id
      credentialId
      userHandle
      name
      createdAt
      lastUsedAt
      backedUp
      deviceType
    }
  }
`);
const renamePasskey = graphql(`
  mutation RenamePasskey($id: String!, $name: String!) {
    renamePasskey(id: $id, name: $name) {
      id
    }
  }
`);
const deletePasskey = graphql(`
  mutation DeletePasskey($id: String!) {
    deletePasskey(id: $id) {
      success
    }
  }
`);

/** The REST answers of adding a passkey (auth spec, Passkey (WebAuthn)). */
type RegistrationBegun = Wrapped<{ challengeId: string; publicKey: PublicKeyCredentialCreationOptionsJSON }>;
type RegistrationFinished = Wrapped<{ success: boolean; passkey: { name: string } }>;

/** The WebAuthn Signal API (Level 3), not yet in TypeScript's DOM types; absent in browsers without it. */
type WithSignals = typeof PublicKeyCredential & {
  signalUnknownCredential?: (credential: { rpId: string; credentialId: string }) => Promise<void>;
  signalCurrentUserDetails?: (user: {
    rpId: string;
    userId: string;
    name: string;
    displayName: string;
  }) => Promise<void>;
};
const signals = (): Partial<WithSignals> =>
  typeof PublicKeyCredential === 'undefined' ? {} : (PublicKeyCredential as WithSignals);
// The console is served on the relying party's own host (WEBAUTHN_RP_ID): a browser ignores a signal for another.
const rpId = () => location.hostname;
let accountName = '';

/** Tells the browser's passkey manager what changed here, so it stops offering a removed passkey. */
function signalRemoved(passkey: Passkey): void {
  void signals()
    .signalUnknownCredential?.({ rpId: rpId(), credentialId: passkey.credentialId })
    .catch(() => undefined);
}

/** After a rename, the manager is told the account's current details (names are the account's, not the key's). */
function signalDetails(passkey: Passkey): void {
  void signals()
    .signalCurrentUserDetails?.({
      rpId: rpId(),
      userId: passkey.userHandle,
      name: accountName,
      displayName: accountName,
    })
    .catch(() => undefined);
}

/** The signed-in account's name, as the passkeys were created with it (main.ts, after `me`). */
export function setPasskeyAccount(name: string): void {
  accountName = name;
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
    await graph(renamePasskey, { id: passkey.id, name: name.value });
    signalDetails(passkey);
    say(`Passkey renamed: ${name.value}`);
    await open();
  });
  const remove = button('Remove', async () => {
    await graph(deletePasskey, { id: passkey.id });
    signalRemoved(passkey);
    say(`Passkey removed: ${passkey.name}`);
    await open();
  });
  item.append(name, facts, rename, remove);
  return item;
}

async function open(): Promise<void> {
  const list = byId('passkeys');
  await loading(list, async () => {
    const { myPasskeys } = await graph(passkeysQuery);
    list.replaceChildren(...myPasskeys.map(passkeyItem));
    byId('no-passkeys').hidden = myPasskeys.length > 0;
  });
}

async function add(): Promise<void> {
  const begun = await request<RegistrationBegun>(
    '/api/v1/auth/webauthn/register/begin',
    { authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' } },
    await accessToken(),
  );
  const credential = await startRegistration({ optionsJSON: begun.data.publicKey });
  const finished = await request<RegistrationFinished>(
    '/api/v1/auth/webauthn/register/finish',
    { challengeId: begun.data.challengeId, credential },
    await accessToken(),
  );
  say(`Passkey added: ${finished.data.passkey.name}`);
  await open();
}

export const passkeysPage = { open };

byId('add-passkey').addEventListener('click', () => void act(add, 'Waiting for your passkey…'));
