import type { QueryRunner } from 'typeorm';

/** A permission code as a migration seeds it: code, criticality, lvl, allow_expired, description. */
export type PermissionSeed = [
  code: string,
  criticality: number,
  lvl: number,
  allowExpired: boolean,
  description: string,
];

/**
 * Seeds permission codes in a migration. A new code needs no migration: the catalog follows the
 * modules' declarations at start-up (core/access/permission-catalog-sync.ts). This is for a
 * migration whose own statements need the codes to exist before the start-up sync runs.
 */
export async function seedPermissions(runner: QueryRunner, seeds: readonly PermissionSeed[]): Promise<void> {
  for (const [code, criticality, lvl, allowExpired, description] of seeds) {
    await runner.query(
      `INSERT INTO permissions (code, criticality, lvl, allow_expired, description) VALUES ($1, $2, $3, $4, $5)`,
      [code, criticality, lvl, allowExpired, description],
    );
  }
}

/** The down of seedPermissions. */
export async function unseedPermissions(runner: QueryRunner, seeds: readonly PermissionSeed[]): Promise<void> {
  await runner.query(`DELETE FROM permissions WHERE code = ANY($1)`, [seeds.map(([code]) => code)]);
}
