// Sessions: where the account is signed in (issue 27, item 3), each with a button that ends it everywhere at once.
import { graphql } from '../generated/index.js';
import type { MySessionsListQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { button, byId, element, loading, say, when } from '../view.js';

type Session = MySessionsListQuery['mySessions'][number];

const sessionsQuery = graphql(`
  query MySessionsList {
    mySessions {
      id
      method
      deviceName
      ipAddress
      browser
      os
      createdAt
      lastUsedAt
      current
    }
  }
`);
const revokeSession = graphql(`
  mutation EndSession($id: String!) {
    revokeSession(id: $id) {
      success
    }
  }
`);
const revokeOthers = graphql(`
  mutation EndOtherSessions {
    revokeOtherSessions {
      revokedCount
    }
  }
`);

const methodNames: Record<string, string> = {
  password: 'a password',
  passkey: 'a passkey',
  biometric: 'a registered device',
};

function nameOf(session: Session): string {
  const client = [session.browser, session.os].filter(Boolean).join(' on ');
  return session.deviceName ?? (client || 'Unrecognised browser');
}

function sessionItem(session: Session): HTMLLIElement {
  const item = element('li', { className: 'session' });
  item.dataset.id = session.id;
  const name = nameOf(session);
  const facts = element('p', {
    className: 'facts',
    textContent: `Signed in with ${methodNames[session.method] ?? session.method}${
      session.ipAddress ? ` from ${session.ipAddress}` : ''
    }, ${when(session.createdAt)}; last used ${when(session.lastUsedAt)}`,
  });
  item.append(element('h3', { textContent: session.current ? `${name} (this session)` : name }), facts);
  if (!session.current) {
    const end = button(
      'End',
      async () => {
        await graph(revokeSession, { id: session.id });
        say(`Session ended: ${name}`);
        await open();
      },
      `End the session on ${name}`,
    );
    item.append(element('p', { className: 'actions' }, end));
  }
  return item;
}

async function open(): Promise<void> {
  const list = byId('sessions');
  await loading(list, async () => {
    const { mySessions } = await graph(sessionsQuery);
    list.replaceChildren(...mySessions.map(sessionItem));
    const endOthers = button('End all other sessions', async () => {
      const { revokeOtherSessions } = await graph(revokeOthers);
      say(`Sessions ended: ${revokeOtherSessions.revokedCount}`);
      await open();
    });
    byId('session-actions').replaceChildren(...(mySessions.some((session) => !session.current) ? [endOthers] : []));
  });
}

export const sessionsList = { open };
