import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';
import { Reference } from '../../../database/company-reference';

/** Requests counted per key per UTC day; one row, incremented atomically, serves every instance. */
@Entity('api_key_usage')
export class ApiKeyUsageEntity {
  @PrimaryColumn({ type: 'uuid' })
  api_key_id: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Reference(() => ApiKeyEntity, 'CASCADE') api_key?: ApiKeyEntity;

  @Column({ type: 'int' })
  count: number;
}
