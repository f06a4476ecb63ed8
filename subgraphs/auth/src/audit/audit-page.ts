import { itemsPage, itemsPageInput, offsetOf, type ItemsPage } from '@platform/lib/paging';
import { validate } from '@platform/lib/validation';
import type { AuditEntry } from './audit-entry.entity.js';

/**
 * Validates the page asked for (the notification spec's page shape, lib/paging.ts: the first problem names its
 * field), reads it newest first, and shows each entry: the admins' audit log and an owner's timeline alike.
 */
export async function readAuditPage<T>(
  page: unknown,
  read: (limit: number, offset: number) => Promise<[AuditEntry[], number]>,
  view: (entry: AuditEntry) => T,
): Promise<ItemsPage<T>> {
  const request = validate(itemsPageInput, page ?? {});
  const [entries, totalItems] = await read(request.limit, offsetOf(request));
  return itemsPage(request, entries.map(view), totalItems);
}
