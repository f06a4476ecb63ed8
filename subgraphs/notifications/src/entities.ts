import { PushDevice } from './devices/device.entity.js';
import { Notification } from './inbox/notification.entity.js';
import { NotificationPreference } from './preferences/preference.entity.js';
import { WebPushSubscription } from './web-push/web-push-subscription.entity.js';

export const notificationsEntities = [PushDevice, Notification, NotificationPreference, WebPushSubscription];
