import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { validate, z } from '@platform/lib/validation';
import type { AuditEntry } from './audit-entry.entity.js';

/** A page of the audit log, the admins' or an owner's timeline: page >= 1, 1..100 entries (default 20). */
const auditPageInput = z.object({
  page: z.number().int().min(1, 'must be at least 1').default(1),
  limit: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});

export interface AuditPage<T> {
  items: T[];
  currentPage: number;
  totalItems: number;
  totalPages: number;
}

/** The graph's page of one view of audit entries (the admins' `AuditLogPage`, an owner's `SecurityEventPage`). */
export function auditPageType<T extends object>(Item: ClassType<T>, name: string): ClassType<AuditPage<T>> {
  @ObjectType(name)
  class Page implements AuditPage<T> {
    @Field(() => [Item])
    items!: T[];

    @Field(() => Int)
    currentPage!: number;

    @Field(() => Int)
    totalItems!: number;

    @Field(() => Int)
    totalPages!: number;
  }
  return Page;
}

/** Validates the page asked for (the first problem names its field), reads it newest first, and shows each entry. */
export async function readAuditPage<T>(
  page: unknown,
  read: (limit: number, offset: number) => Promise<[AuditEntry[], number]>,
  view: (entry: AuditEntry) => T,
): Promise<AuditPage<T>> {
  const { page: currentPage, limit } = validate(auditPageInput, page ?? {});
  const [entries, totalItems] = await read(limit, (currentPage - 1) * limit);
  return { items: entries.map(view), currentPage, totalItems, totalPages: Math.ceil(totalItems / limit) };
}
