import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Administrator levels move to the platform's scale of 1 to 5 (CONTRACT 21): the CLI and
 * ADMIN_EMAIL used to create level 10, which is now the highest, 5.
 */
export class AdminLevels1797913280000 implements MigrationInterface {
  name = 'AdminLevels1797913280000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE accounts SET admin_level = 5 WHERE admin_level > 5`);
  }

  public async down(): Promise<void> {
    // The levels above 5 that were clamped are not known any more.
  }
}
