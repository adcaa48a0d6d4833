import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `storage.media.upload` (criticality 5, lvl 3: every plan, not after expiry) for uploading and
 * deleting files (CONTRACT 22); `storage.media` now also gives presigned links.
 */
export class StorageUploadPermission1797811281411 implements MigrationInterface {
  name = 'StorageUploadPermission1797811281411';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO permissions (code, criticality, lvl, allow_expired, description)
       VALUES ('storage.media.upload', 5, 3, false, 'upload and delete files') ON CONFLICT (code) DO NOTHING`,
    );
    await queryRunner.query(
      `UPDATE permissions SET description = 'media statistics, file download and links' WHERE code = 'storage.media'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM permissions WHERE code = 'storage.media.upload'`);
    await queryRunner.query(
      `UPDATE permissions SET description = 'media statistics and file download' WHERE code = 'storage.media'`,
    );
  }
}
