// The web console (issues 13 and 15): a person's own account over the graph, its subscriptions and the REST
// paths. One page per concern, chosen by the address's fragment (#inbox, #devices, …).
import './console.css';
import { connect, disconnect, onConnectionState, type ConnectionState } from './live.js';
import { approvalsPage, stopApprovals } from './pages/approvals.js';
import { boardPage } from './pages/board.js';
import { devicesPage } from './pages/devices.js';
import { inboxPage, startInbox } from './pages/inbox.js';
import { myTasksPage } from './pages/my-tasks.js';
import { passkeysPage, setPasskeyAccount } from './pages/passkeys.js';
import { preferencesPage } from './pages/preferences.js';
import { projectPage } from './pages/project.js';
import { projectsPage } from './pages/projects.js';
import { securityPage } from './pages/security.js';
import { offerPasskeyAutofill, wireSignIn } from './pages/sign-in.js';
import { setMe } from './pages/task-comments.js';
import { taskPage } from './pages/task.js';
import { graphql } from './generated/index.js';
import { begin, graph, onEnd, signOut, signedIn, type TokenSet } from './session.js';
import { act, byId, say } from './view.js';

/** A page opens with what follows its name in the address (`#board/PRJ-1`: the project); it may let go on leaving. */
interface Page {
  open: (argument: string) => Promise<void>;
  close?: () => void;
}
const pages: Record<string, Page> = {
  inbox: inboxPage,
  preferences: preferencesPage,
  projects: projectsPage,
  'my-tasks': myTasksPage,
  project: projectPage,
  board: boardPage,
  task: taskPage,
  devices: devicesPage,
  approvals: approvalsPage,
  security: securityPage,
  passkeys: passkeysPage,
};
/** The pages reached from another page, and the navigation link that stays current on them. */
const partOf: Record<string, string> = {
  board: 'projects',
  task: 'projects',
  project: 'projects',
  preferences: 'inbox',
};
const firstPage = 'inbox';
let stopInbox = () => {};

const connectionText: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  parked: 'Paused (no console tab is visible)',
};

function show(page: string, argument: string): void {
  for (const [name, other] of Object.entries(pages)) {
    byId(`page-${name}`).hidden = name !== page;
    if (name !== page) other.close?.();
    const link = document.getElementById(`nav-${name}`);
    if (name === (partOf[page] ?? page)) link?.setAttribute('aria-current', 'page');
    else link?.removeAttribute('aria-current');
  }
  void act(() => pages[page]!.open(argument));
}

function route(): void {
  if (!signedIn()) return;
  const [page = '', ...rest] = location.hash.slice(1).split('/');
  if (page in pages) show(page, rest.map(decodeURIComponent).join('/'));
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
          id
          email
        }
      }
    `),
  );
  setMe(String(me.id));
  setPasskeyAccount(me.email);
  byId('who').textContent = `Signed in as ${me.email} with ${how}`;
  showSignedIn(true);
  connect(String(me.id));
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
  Object.values(pages).forEach((page) => page.close?.());
  disconnect();
  showSignedIn(false);
  byId('who').textContent = '';
  offerPasskeyAutofill(enter);
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
