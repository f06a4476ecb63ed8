import { createHash } from 'node:crypto';

/**
 * Entity tags of REST answers (decisions: issue 28, Conditional requests). A route that declares its `version` is
 * tagged by it (`versionTagOf`, lib/entity-tag.ts: read cheaply before the full answer); any other by this digest of
 * the JSON body as served, so it changes whenever anything the caller would see changes: a record's field, a list's
 * item, its order or its total. It is strong (byte-equal bodies only), which is what `If-Match` compares (RFC 9110,
 * 8.8.3).
 */
export function entityTagOf(body: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The tags of an `If-None-Match` or `If-Match` header: `*`, or a comma-separated list of (possibly weak) tags. */
function tagsOf(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return [...header.matchAll(/(?:W\/)?"[^"]*"/g)].map(([tag]) => tag);
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** `If-None-Match`: weak comparison (RFC 9110, 13.1.2): true means the client's copy is current, answer 304. */
export function noneMatchHolds(header: string | undefined, current: string): boolean {
  if (header === undefined) return false;
  const tags = tagsOf(header);
  return tags === '*' || tags.some((tag) => opaque(tag) === opaque(current));
}

/** `If-Match`: strong comparison (RFC 9110, 13.1.1): false means the record changed since the client read it. */
export function matchHolds(header: string, current: string): boolean {
  const tags = tagsOf(header);
  return tags === '*' || tags.some((tag) => !tag.startsWith('W/') && tag === current);
}
