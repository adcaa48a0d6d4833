import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const SNAPSHOT_KINDS = ['db', 'server', 'media', 'clientele'] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

/** One figure set of the console's history pages, every ADMIN_SNAPSHOT_S, kept 30 days (CONTRACT 21). */
@Entity('admin_snapshots')
@Index('admin_snapshots_kind_recorded_at_idx', ['kind', 'recorded_at'])
export class AdminSnapshotEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 16 })
  kind: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  recorded_at: Date;

  /** The instance that took it (the lease's holder). */
  @Column({ type: 'varchar', length: 64 })
  instance: string;

  @Column({ type: 'jsonb' })
  figures: Record<string, unknown>;
}
