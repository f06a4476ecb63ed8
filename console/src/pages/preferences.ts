// Notification preferences (issue 30, item 3): one row per trigger event (and one for every event), one column
// per channel, a checkbox in each cell saving at once. Critical events on in-app and e-mail are shown locked:
// the service refuses to mute them there.
import { graphql } from '../generated/index.js';
import type { PreferencesViewQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { act, byId, element, keepingFocus, say } from '../view.js';
import { categoryName } from './inbox-items.js';
import { openWebPush } from './web-push.js';

type Preference = PreferencesViewQuery['myNotificationPreferences']['preferences'][number];

const preferencesQuery = graphql(`
  query PreferencesView {
    myNotificationPreferences {
      channels
      criticalEvents
      preferences {
        channel
        triggerEvent
        enabled
      }
    }
    inbox(limit: 1) {
      categories {
        category
      }
    }
  }
`);
const setPreference = graphql(`
  mutation SetPreference($input: NotificationPreferenceInput!) {
    setNotificationPreference(input: $input) {
      enabled
    }
  }
`);

const everyEvent = '*';
/** The channels on which a critical event cannot be muted (the service's rule, shown here as a lock). */
const lockedChannels = ['in_app', 'email'];
const channelNames: Record<string, string> = {
  in_app: 'In the console',
  email: 'E-mail',
  push: 'Phone push',
  web_push: 'Browser push',
};
const channelName = (channel: string) => channelNames[channel] ?? channel;
const eventName = (event: string) => (event === everyEvent ? 'Every event' : categoryName(event));

/** Whether the event arrives on the channel: its own preference, else the channel's `*` one, else yes. */
function receives(preferences: Preference[], channel: string, event: string): boolean {
  const own = preferences.find((row) => row.channel === channel && row.triggerEvent === event);
  if (own) return own.enabled;
  return preferences.find((row) => row.channel === channel && row.triggerEvent === everyEvent)?.enabled ?? true;
}

function cell(event: string, channel: string, checked: boolean, locked: boolean): HTMLTableCellElement {
  const box = element('input', { type: 'checkbox', id: `pref-${channel}-${event}`, checked, disabled: locked });
  const name = `${eventName(event)} by ${channelName(channel)}`;
  box.setAttribute('aria-label', locked ? `${name}: always on (critical)` : name);
  box.dataset.channel = channel;
  box.dataset.event = event;
  box.addEventListener(
    'change',
    () =>
      void act(async () => {
        await graph(setPreference, { input: { channel, triggerEvent: event, enabled: box.checked } });
        say(`${name}: ${box.checked ? 'on' : 'muted'}`);
        await open();
      }),
  );
  const content: (Node | string)[] = [box];
  if (locked) content.push(' ', element('span', { className: 'locked', textContent: 'Always on' }));
  return element('td', {}, ...content);
}

async function open(): Promise<void> {
  const { myNotificationPreferences: settings, inbox } = await graph(preferencesQuery);
  const critical = new Set(settings.criticalEvents);
  const events = new Set<string>([everyEvent, ...settings.criticalEvents]);
  settings.preferences.forEach((row) => events.add(row.triggerEvent));
  inbox.categories.forEach(({ category }) => category && events.add(category));
  const rows = [...events].map((event) =>
    element(
      'tr',
      {},
      element('th', {
        scope: 'row',
        textContent: critical.has(event) ? `${eventName(event)} (critical)` : eventName(event),
      }),
      ...settings.channels.map((channel) => {
        const locked = critical.has(event) && lockedChannels.includes(channel);
        return cell(event, channel, locked || receives(settings.preferences, channel, event), locked);
      }),
    ),
  );
  keepingFocus(() => {
    byId('preference-channels').replaceChildren(
      element('th', { scope: 'col', textContent: 'Event' }),
      ...settings.channels.map((channel) => element('th', { scope: 'col', textContent: channelName(channel) })),
    );
    byId('preference-rows').replaceChildren(...rows);
  });
}

export const preferencesPage = {
  open: async () => {
    await open();
    await openWebPush();
  },
};
