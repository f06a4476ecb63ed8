import { Notification } from './inbox/notification.entity.js';

export const notificationsEntities = [Notification];
