// The web console (issues 13 and 15): a person's own account over the graph, its subscriptions and the REST
// paths. One page per concern, chosen by the address's fragment (#inbox, #devices, …).
import './console.css';
import { connect, disconnect, onConnectionState, type ConnectionState } from './live.js';
import { approvalsPage, stopApprovals } from './pages/approvals.js';
import { devicesPage } from './pages/devices.js';
import { inboxPage, startInbox } from './pages/inbox.js';
import { passkeysPage } from './pages/passkeys.js';
import { securityPage } from './pages/security.js';
import { wireSignIn } from './pages/sign-in.js';
import { graphql } from './generated/index.js';
import { begin, graph, onEnd, signOut, signedIn, type TokenSet } from './session.js';
import { act, byId, say } from './view.js';

const pages: Record<string, { open: () => Promise<void> }> = {
  inbox: inboxPage,
  devices: devicesPage,
  approvals: approvalsPage,
  security: securityPage,
  passkeys: passkeysPage,
};
const firstPage = 'inbox';
let stopInbox = () => {};

const connectionText: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

function show(page: string): void {
  for (const name of Object.keys(pages)) {
    byId(`page-${name}`).hidden = name !== page;
    const link = byId(`nav-${name}`);
    if (name === page) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  void act(() => pages[page]!.open());
}

function route(): void {
  if (!signedIn()) return;
  const page = location.hash.slice(1);
  if (page in pages) show(page);
  else location.replace(`#${firstPage}`);
}

function showSignedIn(isSignedIn: boolean): void {
  byId('signed-out').hidden = isSignedIn;
  byId('signed-in').hidden = !isSignedIn;
  byId('account').hidden = !isSignedIn;
}

async function enter(tokens: TokenSet, how: string): Promise<void> {
  begin(tokens);
  const { me } = await graph(
    graphql(`
      query Me {
        me {
          email
        }
      }
    `),
  );
  byId('who').textContent = `Signed in as ${me.email} with ${how}`;
  showSignedIn(true);
  connect();
  stopInbox = startInbox();
  route();
  byId('main').focus();
}

onConnectionState((state) => {
  byId('connection').textContent = connectionText[state];
  byId('connection').dataset.state = state;
});

onEnd(() => {
  stopInbox();
  stopApprovals();
  disconnect();
  showSignedIn(false);
  byId('who').textContent = '';
});

wireSignIn(enter);
window.addEventListener('hashchange', route);
byId('sign-out').addEventListener(
  'click',
  () =>
    void act(async () => {
      await signOut();
      say('Signed out');
    }, 'Signing out…'),
);
