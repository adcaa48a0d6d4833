import * as bcrypt from 'bcrypt';

export interface AdministratorInput {
  email: string;
  password: string;
  name?: string;
  level?: number;
}

type Query = (sql: string, params: unknown[]) => Promise<any>;

export const DEFAULT_ADMIN_LEVEL = 10;

/**
 * Makes `email` a platform administrator with this password, creating the account when it
 * does not exist. Idempotent: nothing is written when the account already is exactly that.
 * Shared by the start-up settings (ADMIN_EMAIL / ADMIN_PASSWORD) and the CLI command.
 */
export async function ensureAdministrator(
  query: Query,
  input: AdministratorInput,
  bcryptRounds: number,
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = input.email.trim().toLowerCase();
  const level = input.level ?? DEFAULT_ADMIN_LEVEL;
  const [existing] = await query(`SELECT password_hash, is_admin, admin_level FROM accounts WHERE email = $1`, [email]);
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
    await query(
      `UPDATE accounts SET is_admin = true, admin_level = $2, password_hash = $3, updated_at = now() WHERE email = $1`,
      [email, level, passwordHash],
    );
    return 'updated';
  }
  await query(
    `INSERT INTO accounts (email, name, password_hash, status, type, is_admin, admin_level)
     VALUES ($1, $2, $3, 'confirmed', 'admin', true, $4)`,
    [email, input.name ?? 'Administrator', passwordHash, level],
  );
  return 'created';
}
