import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

/** Requests counted per key per UTC day; one row, incremented atomically, serves every instance. */
@Entity('api_key_usage')
export class ApiKeyUsageEntity {
  @PrimaryColumn({ type: 'uuid' })
  api_key_id: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @ManyToOne(() => ApiKeyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  api_key?: ApiKeyEntity;

  @Column({ type: 'int' })
  count: number;
}
