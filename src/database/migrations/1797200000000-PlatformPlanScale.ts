import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan levels move to the platform's scale (CONTRACT 5, 6, 17): lvl 1 is the richest plan, and a
 * permission of lvl N is on every plan whose lvl is at most N. Every stored level becomes
 * 4 − itself, plans and catalog alike. pricing_plans.lvl is unique and checked row by row, so
 * the plans pass through negative values instead of colliding half-way.
 */
export class PlatformPlanScale1797200000000 implements MigrationInterface {
  name = 'PlatformPlanScale1797200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.flip(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.flip(queryRunner);
  }

  /** 4 − lvl is its own inverse, so up and down are the same. */
  private async flip(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE pricing_plans SET lvl = -lvl`);
    await queryRunner.query(`UPDATE pricing_plans SET lvl = 4 + lvl`);
    await queryRunner.query(`UPDATE permissions SET lvl = 4 - lvl`);
  }
}
