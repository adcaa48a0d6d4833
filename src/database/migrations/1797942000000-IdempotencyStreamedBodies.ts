import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An upload's `Idempotency-Key` covers the digest of its multipart body, known only once the body
 * has streamed through: its key is claimed without one (src/core/idempotency/body-digest.ts).
 */
export class IdempotencyStreamedBodies1797942000000 implements MigrationInterface {
  name = 'IdempotencyStreamedBodies1797942000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ALTER COLUMN "body_hash" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys" WHERE "body_hash" IS NULL`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ALTER COLUMN "body_hash" SET NOT NULL`);
  }
}
