import type { SecretBox } from '../../../config/secret-box';
import type { Db } from '../../../database/db';
import { sql } from '../../../database/sql';

/**
 * Re-seals with the current key every webhook secret sealed with the previous one (a key
 * rotation, `npm run secrets:rotate`); returns how many values it re-sealed. A row a rotation
 * of its own secret changed meanwhile is left as that rotation wrote it.
 */
export async function resealWebhookSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.rows<{ id: string; secret: string; previous_secret: string | null }>(
    sql`SELECT id, secret, previous_secret FROM webhooks`,
  );
  let resealed = 0;
  for (const row of rows) {
    const reseal = (sealed: string | null) =>
      sealed === null || box.isCurrent(sealed) ? sealed : box.seal(box.open(sealed));
    const [secret, previous] = [reseal(row.secret), reseal(row.previous_secret)];
    if (secret === row.secret && previous === row.previous_secret) continue;
    resealed += await db.affected(
      sql`UPDATE webhooks SET secret = ${secret}, previous_secret = ${previous}
          WHERE id = ${row.id} AND secret = ${row.secret} AND previous_secret IS NOT DISTINCT FROM ${row.previous_secret}`,
    );
  }
  return resealed;
}
