import 'reflect-metadata';
import { openProcess, runProcess } from '@platform/lib/process/open-process';
import { openNotificationsDatabase } from './app.js';
import { openDelivery } from './delivery.js';

/** The notification worker alone (`npm run start:worker`): no HTTP; on shutdown its jobs finish or go back. */
runProcess(async () => {
  const running = await openProcess({ name: 'notifications-worker' });
  const orm = await openNotificationsDatabase(running.database);
  const delivery = await openDelivery(running.platform, orm, running.database);
  running.onStop(() => delivery.close());
  await delivery.startWorker();
});
