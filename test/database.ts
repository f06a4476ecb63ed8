import pg from 'pg';

/** One short-lived connection for a test's look at (or change to) the rows behind the server. */
export async function onDatabase<T>(databaseUrl: string, work: (sql: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
