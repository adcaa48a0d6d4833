import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The permission catalog (CONTRACT 6), seeded by migrations. */
@Entity('permissions')
export class PermissionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  code: string;

  @Column({ type: 'int' })
  lvl: number;

  @Column({ type: 'smallint' })
  criticality: number;

  @Column({ type: 'boolean' })
  allow_expired: boolean;

  @Column({ type: 'text', default: '' })
  description: string;
}
