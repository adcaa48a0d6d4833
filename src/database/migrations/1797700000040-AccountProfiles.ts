import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accounts module's view for other modules' statements (docs/architecture.md, "Module
 * faces"): an account's columns without its password hash. API keys, sign-in, members,
 * invitations and support read accounts through it; a simple view, which PostgreSQL plans as
 * the table itself.
 */
export class AccountProfiles1797700000040 implements MigrationInterface {
  name = 'AccountProfiles1797700000040';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIEW account_profiles AS
       SELECT id, email, name, avatar_url, auth_type, status, description, type, is_admin, admin_level,
         created_at, updated_at
       FROM accounts`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW account_profiles`);
  }
}
