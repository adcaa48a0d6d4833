import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795240851954 implements MigrationInterface {
  name = 'Foundation1795240851954';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "permissions" ("code" character varying(64) NOT NULL, "lvl" integer NOT NULL, "criticality" smallint NOT NULL, "allow_expired" boolean NOT NULL, "description" text NOT NULL DEFAULT '', CONSTRAINT "PK_8dad765629e83229da6feda1c1d" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "pricing_plans" ("code" character varying(32) NOT NULL, "lvl" integer NOT NULL, "price_per_month" integer NOT NULL, "price_per_year" integer NOT NULL, "price_currency" character varying(3) NOT NULL DEFAULT 'RUB', "name" character varying(100) NOT NULL, "description" text NOT NULL DEFAULT '', "limit_db_mb" integer NOT NULL, "limit_objects_mb" integer NOT NULL, "limit_objects_count" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_9771ff17a14a78098b2d0566d5e" UNIQUE ("lvl"), CONSTRAINT "PK_e265a5bdc07b27da9a46f1a5efd" PRIMARY KEY ("code"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "pricing_plans"`);
    await queryRunner.query(`DROP TABLE "permissions"`);
  }
}
