// Browser push (issue 30, item 5), on the preferences page: subscribes this browser through the Push API with the
// platform's VAPID key, registers the subscription through the graph, and lists the pushes this browser receives
// (the service worker, /console/push-worker.js, hands each one to the open tabs).
import { graphql } from '../generated/index.js';
import { graph } from '../session.js';
import { byId, element, say, sayFailed } from '../view.js';

const settingsQuery = graphql(`
  query MyWebPush {
    myWebPush {
      publicKey
      subscriptions {
        endpoint
      }
    }
  }
`);
const subscribe = graphql(`
  mutation SubscribeWebPush($input: WebPushSubscriptionInput!) {
    subscribeWebPush(input: $input) {
      endpoint
    }
  }
`);
const unsubscribe = graphql(`
  mutation UnsubscribeWebPush($endpoint: String!) {
    unsubscribeWebPush(endpoint: $endpoint) {
      message
    }
  }
`);

const workerUrl = '/console/push-worker.js';
let publicKey: string | null = null;

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window;

/** The worker's registration, made on first use: registering asks the person nothing. */
const registration = () => navigator.serviceWorker.register(workerUrl, { scope: '/console/' });

function show(text: string, subscribed: boolean): void {
  byId('web-push-state').textContent = text;
  byId('web-push-on').hidden = subscribed || !publicKey || !supported();
  byId('web-push-off').hidden = !subscribed;
}

/** Reads whether this browser is subscribed (its endpoint among the user's) and says so. */
export async function openWebPush(): Promise<void> {
  const { myWebPush } = await graph(settingsQuery);
  publicKey = myWebPush.publicKey;
  if (!publicKey) return show('Browser push is not enabled on this server.', false);
  if (!supported()) return show('This browser cannot receive pushes.', false);
  const subscription = await (await registration()).pushManager.getSubscription();
  const known = myWebPush.subscriptions.some((row) => row.endpoint === subscription?.endpoint);
  show(known ? 'This browser receives pushes.' : 'This browser does not receive pushes.', known);
}

async function turnOn(): Promise<void> {
  if (!publicKey) return;
  if ((await Notification.requestPermission()) !== 'granted') {
    say('Pushes need the permission to show notifications.');
    return;
  }
  const subscription = await (
    await registration()
  ).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const { endpoint, keys } = subscription.toJSON();
  await graph(subscribe, { input: { endpoint: endpoint!, p256dh: keys!.p256dh!, auth: keys!.auth! } });
  show('This browser receives pushes.', true);
  say('Browser push is on');
}

async function turnOff(): Promise<void> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await graph(unsubscribe, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  show('This browser does not receive pushes.', false);
  say('Browser push is off');
}

interface ReceivedPush {
  title: string;
  body?: string;
}

function received(push: ReceivedPush): void {
  const item = element(
    'li',
    {},
    element('p', { className: 'message', textContent: push.title }),
    element('p', { className: 'facts', textContent: push.body ?? '' }),
  );
  byId('received-pushes').prepend(item);
  byId('no-pushes').hidden = true;
  say(`Push received: ${push.title}`);
}

const acting = (work: () => Promise<void>) => () => void work().catch(sayFailed);

byId('web-push-on').addEventListener('click', acting(turnOn));
byId('web-push-off').addEventListener('click', acting(turnOff));
if (supported()) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; push?: ReceivedPush }>) => {
    if (event.data?.type === 'web-push' && event.data.push) received(event.data.push);
  });
}
