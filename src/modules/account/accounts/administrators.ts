import * as bcrypt from 'bcrypt';
import { ADMIN_LEVEL_MAX, ADMIN_LEVEL_MIN } from '../../../core/access/admin-route.decorators';
import type { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { accounts } from './accounts.repository';

export interface AdministratorInput {
  email: string;
  password: string;
  name?: string;
  level?: number;
}

/** The CLI and ADMIN_EMAIL create the highest level unless told otherwise (CONTRACT 21). */
export const DEFAULT_ADMIN_LEVEL = ADMIN_LEVEL_MAX;

/**
 * Makes `email` a platform administrator with this password, creating the account when it
 * does not exist. Idempotent: nothing is written when the account already is exactly that.
 * Shared by the start-up settings (ADMIN_EMAIL / ADMIN_PASSWORD) and the CLI command.
 */
export async function ensureAdministrator(
  db: Db,
  input: AdministratorInput,
  bcryptRounds: number,
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = input.email.trim().toLowerCase();
  const level = input.level ?? DEFAULT_ADMIN_LEVEL;
  if (!Number.isInteger(level) || level < ADMIN_LEVEL_MIN || level > ADMIN_LEVEL_MAX) {
    throw new Error(`The administrator level is an integer from ${ADMIN_LEVEL_MIN} to ${ADMIN_LEVEL_MAX}`);
  }
  const existing = await db.one<{ password_hash: string | null; is_admin: boolean; admin_level: number | null }>(
    sql`SELECT password_hash, is_admin, admin_level FROM accounts WHERE email = ${email}`,
  );
  if (
    existing?.is_admin &&
    existing.admin_level === level &&
    existing.password_hash &&
    (await bcrypt.compare(input.password, existing.password_hash))
  ) {
    return 'unchanged';
  }
  const passwordHash = await bcrypt.hash(input.password, bcryptRounds);
  if (existing) {
    await db.affected(
      sql`UPDATE accounts SET is_admin = true, admin_level = ${level}, password_hash = ${passwordHash}, updated_at = now()
          WHERE email = ${email}`,
    );
    return 'updated';
  }
  await db.affected(
    accounts.insert({
      email,
      name: input.name ?? 'Administrator',
      password_hash: passwordHash,
      status: 'confirmed',
      type: 'admin',
      is_admin: true,
      admin_level: level,
    }),
  );
  return 'created';
}
