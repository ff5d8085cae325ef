/** The embedded database's memory settings (db/client.ts PGLITE_SHARED_BUFFERS). */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../core/db.ts';
import { openPglite, PGLITE_SHARED_BUFFERS } from './client.ts';

it('PGlite runs with the small shared buffers, not PostgreSQL default 128 MB', async () => {
  const handle = await openPglite(undefined);
  try {
    const [row] = rowsOf<{ shared_buffers: string }>(await handle.db.execute(sql`show shared_buffers`));
    expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  } finally {
    await handle.close();
  }
});
