import { PushDevice } from './devices/device.entity.js';
import { Notification } from './inbox/notification.entity.js';

export const notificationsEntities = [PushDevice, Notification];
