/**
 * A DataLoader batch's answer: for each id asked, in the order asked, the row read for it or null (rows come in any
 * order, and an unknown id has none).
 */
export function batchById<Id, Row extends { id: Id }>(rows: readonly Row[], ids: readonly Id[]): (Row | null)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}
