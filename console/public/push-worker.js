// The console's service worker (issue 30, item 5), served by the platform at /console/push-worker.js: it shows a
// Web Push as a system notification and hands it to the open console tabs, which list it. It caches nothing.
/* global self, URL */
const parse = (data) => {
  try {
    return data ? data.json() : {};
  } catch {
    return { body: data.text() };
  }
};

self.addEventListener('push', (event) => {
  const push = parse(event.data);
  const title = push.title || 'Notification';
  event.waitUntil(
    Promise.allSettled([
      self.registration.showNotification(title, {
        body: push.body || '',
        tag: push.jobId || undefined,
        data: { targetLink: push.targetLink || '/console#inbox' },
      }),
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((tabs) => tabs.forEach((tab) => tab.postMessage({ type: 'web-push', push: { ...push, title } }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.targetLink || '/console#inbox', self.location.origin);
  // Only the platform's own pages: a push's link is shown to the person, never followed elsewhere.
  if (link.origin === self.location.origin) event.waitUntil(self.clients.openWindow(link.href));
});
