import type { MikroORM } from '@mikro-orm/postgresql';
import type { Revocation, RevocationKind, RevocationMarker, RevocationSource } from '@platform/lib/auth/revocation';
import { runStatement, unavailableIfDatabaseDown, type DatabasePool } from '@platform/lib/database';

const unexpired = {
  name: 'auth.revocation.unexpired',
  text: 'select "kind", "subject", "expires_at" from "auth"."revocation" where "expires_at" > now()',
};

const anyRecorded = {
  name: 'auth.revocation.any',
  text: `select exists (
    select 1 from "auth"."revocation" r join unnest($1::text[], $2::text[]) as m("kind", "subject")
      on r."kind" = m."kind" and r."subject" = m."subject"
    where r."expires_at" > now()
  ) as "revoked"`,
};

interface Row {
  kind: RevocationKind;
  subject: string;
  expires_at: Date;
}

/**
 * The read side of the revocation table, for the process that verifies bearers: prepared statements on the
 * process's pool, run only while Redis cannot be trusted (decisions: Durable revocation).
 */
export class RevocationReader implements RevocationSource {
  constructor(private readonly orm: MikroORM) {}

  async unexpired(): Promise<Revocation[]> {
    const rows = await this.run<Row>(unexpired, []);
    return rows.map((row) => ({ kind: row.kind, subject: row.subject, expiresAt: new Date(row.expires_at) }));
  }

  async anyRecorded(markers: RevocationMarker[]): Promise<boolean> {
    const kinds = markers.map((marker) => marker.kind);
    const subjects = markers.map((marker) => marker.subject);
    const [row] = await this.run<{ revoked: boolean }>(anyRecorded, [kinds, subjects]);
    return row?.revoked === true;
  }

  private async run<T>(statement: { name: string; text: string }, values: unknown[]): Promise<T[]> {
    try {
      return await runStatement<T>(this.orm.em, statement, values);
    } catch (error) {
      throw unavailableIfDatabaseDown(error);
    }
  }
}

/**
 * For an edge whose auth subgraph runs in another process: the gateway holds DATABASE_URL (config requires it)
 * and only reads this one table of the auth schema, so checks never wait on another process; the auth
 * subgraph still owns the table and its migrations (none are run from here).
 */
export async function openRevocationReader(database: DatabasePool): Promise<RevocationReader> {
  return new RevocationReader(await database.open({ schema: 'auth', entities: [], migrations: [] }));
}
