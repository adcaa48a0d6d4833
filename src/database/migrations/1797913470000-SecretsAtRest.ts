import { MigrationInterface, QueryRunner } from 'typeorm';
import { validateEnvironment } from '../../config/environment';
import { SecretBox } from '../../config/secret-box';
import { loadSecretKeys } from '../../config/secret-keys';

/** The SecretBox of this process's settings: a migration runs before any module exists. */
const secretBox = () => new SecretBox(loadSecretKeys(validateEnvironment(process.env)));

/**
 * Secrets at rest (CONTRACT 20): webhook signing secrets stored so far in the clear are sealed;
 * confirmation codes and reset tokens, stored as their SHA-256, become the keyed digest of that
 * SHA-256 (SecretBox.digestOfHash), so every code and token already mailed keeps working.
 */
export class SecretsAtRest1797913470000 implements MigrationInterface {
  name = 'SecretsAtRest1797913470000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const box = secretBox();
    const hooks: Array<{ id: string; secret: string; previous_secret: string | null }> = await queryRunner.query(
      `SELECT id, secret, previous_secret FROM webhooks WHERE secret LIKE 'whsec\_%'`,
    );
    for (const hook of hooks)
      await queryRunner.query(`UPDATE webhooks SET secret = $2, previous_secret = $3 WHERE id = $1`, [
        hook.id,
        box.seal(hook.secret),
        hook.previous_secret === null ? null : box.seal(hook.previous_secret),
      ]);
    for (const [table, column] of [
      ['confirmation_codes', 'code_hash'],
      ['password_resets', 'token_hash'],
    ] as const) {
      const rows: Array<{ hash: string }> = await queryRunner.query(`SELECT ${column} AS hash FROM ${table}`);
      for (const { hash } of rows)
        await queryRunner.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [
          hash,
          box.digestOfHash(hash),
        ]);
    }
  }

  /** Back to the clear; a keyed digest cannot be undone, so outstanding codes and reset tokens end. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    const box = secretBox();
    const hooks: Array<{ id: string; secret: string; previous_secret: string | null }> = await queryRunner.query(
      `SELECT id, secret, previous_secret FROM webhooks`,
    );
    for (const hook of hooks)
      await queryRunner.query(`UPDATE webhooks SET secret = $2, previous_secret = $3 WHERE id = $1`, [
        hook.id,
        box.open(hook.secret),
        hook.previous_secret === null ? null : box.open(hook.previous_secret),
      ]);
    await queryRunner.query(`DELETE FROM confirmation_codes`);
    await queryRunner.query(`DELETE FROM password_resets`);
  }
}
