// Security: the account's sessions (sessions.ts), and its own security events from the audit log
// (`mySecurityEvents`), newest first.
import { graphql } from '../generated/index.js';
import type { MySecurityEventsQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { byId, element, loading, pager, time } from '../view.js';
import { sessionsList } from './sessions.js';

type SecurityEvent = MySecurityEventsQuery['mySecurityEvents']['items'][number];

const eventNames: Record<string, string> = {
  login: 'Signed in with a password',
  biometric_login: 'Signed in with a registered device',
  passkey_login_finish: 'Signed in with a passkey',
  logout: 'Signed out',
  device_register_verify: 'Device registered',
  device_delete: 'Device removed',
  passkey_register_finish: 'Passkey added',
  passkey_rename: 'Passkey renamed',
  passkey_delete: 'Passkey removed',
  confirmation_initiate: 'Approval requested',
  confirmation_verify: 'Action approved on a device',
  confirmation_reject: 'Action rejected',
  confirmation_expire: 'Approval expired unanswered',
  session_revoke: 'Session ended',
  session_revoke_others: 'Other sessions ended',
};

const pageQuery = graphql(`
  query MySecurityEvents($page: PageInput) {
    mySecurityEvents(page: $page) {
      currentPage
      totalPages
      items {
        id
        action
        result
        errorCode
        ipAddress
        userAgent
        createdAt
      }
    }
  }
`);

function title(event: SecurityEvent): string {
  const name = eventNames[event.action] ?? event.action;
  if (event.result === 'success') return name;
  if (event.result === 'locked') return `${name}: refused, the account is locked for a while`;
  return `${name}: failed${event.errorCode ? ` (${event.errorCode})` : ''}`;
}

function eventItem(event: SecurityEvent): HTMLLIElement {
  const item = element('li', { className: event.result === 'success' ? 'event' : 'event failed' });
  const from = [event.ipAddress, event.userAgent].filter(Boolean).join(' · ');
  item.append(
    element('h3', { textContent: title(event) }),
    element('p', { className: 'facts' }, time(event.createdAt), from ? ` · ${from}` : ''),
  );
  return item;
}

async function open(page = 1): Promise<void> {
  const list = byId('security-events');
  await loading(list, async () => {
    const { mySecurityEvents } = await graph(pageQuery, { page: { page, limit: 20 } });
    list.replaceChildren(...mySecurityEvents.items.map(eventItem));
    pager(byId('security-pages'), mySecurityEvents, open);
  });
}

export const securityPage = { open: () => Promise.all([sessionsList.open(), open()]).then(() => undefined) };
