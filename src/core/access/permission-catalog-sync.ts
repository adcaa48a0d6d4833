import type { QueryRunner } from 'typeorm';
import { DeclaredRows } from '../../database/migrations-runner';
import type { PermissionDeclarations } from './permission-codes';

/**
 * Brings the `permissions` table to the modules' declarations (src/vocabulary.ts): a declared
 * code is added or updated, a code no module declares any more is removed. Runs after the
 * migrations under their lock (DeclaredRows), so a new code is one line in its module.
 */
export class PermissionCatalogSync extends DeclaredRows {
  constructor(private readonly declarations: PermissionDeclarations) {
    super();
  }

  async sync(runner: QueryRunner): Promise<number> {
    const rows = Object.entries(this.declarations).map(([code, declared]) => ({ code, ...declared }));
    const upserted = await runner.query(
      `INSERT INTO permissions (code, lvl, criticality, allow_expired, description)
       SELECT code, lvl, criticality, allow_expired, description
       FROM jsonb_to_recordset($1::jsonb) AS d(code varchar, lvl int, criticality smallint, allow_expired boolean, description text)
       ON CONFLICT (code) DO UPDATE SET lvl = EXCLUDED.lvl, criticality = EXCLUDED.criticality,
         allow_expired = EXCLUDED.allow_expired, description = EXCLUDED.description
       WHERE (permissions.lvl, permissions.criticality, permissions.allow_expired, permissions.description)
         IS DISTINCT FROM (EXCLUDED.lvl, EXCLUDED.criticality, EXCLUDED.allow_expired, EXCLUDED.description)`,
      [JSON.stringify(rows)],
      true,
    );
    const removed = await runner.query(
      `DELETE FROM permissions WHERE code <> ALL($1::varchar[])`,
      [rows.map((row) => row.code)],
      true,
    );
    return (upserted.affected ?? 0) + (removed.affected ?? 0);
  }
}
