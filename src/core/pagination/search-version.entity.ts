import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The latest stamp of the writes that can change a searched table's matches (`name` is the table),
 * one per slot over which concurrent writers spread, kept by triggers (migration SearchVersions).
 * A search's count is remembered with the stamps it was counted under (search-counts.ts).
 */
@Entity('search_versions')
export class SearchVersionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_search_versions' })
  name: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_search_versions' })
  slot: number;

  @Column({ type: 'bigint' })
  version: string;
}
