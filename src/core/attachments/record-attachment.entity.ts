import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { OwningCompany } from '../../database/company-reference';

/**
 * A file a record names (CONTRACT 22): one row per record and object path, for the records of
 * every module that takes `attachments` (CRM clients, deals, support tickets, finance
 * transactions). `size` and `content_type` are the object's as the store reported them when it
 * was attached, so a read never asks the store. No foreign key to the record (the records live in
 * several tables): a record's delete removes its rows (RecordAttachments.detachAll), a file's
 * delete removes the rows that name it (RecordAttachments.forgetFile).
 */
@Entity('record_attachments')
@Index('record_attachments_company_path_idx', ['company_id', 'path'])
export class RecordAttachmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OwningCompany() company?: unknown;

  /** The table of the record (`crm_clients`, `deals`, `support_tickets`, `transactions`). */
  @PrimaryColumn({ type: 'varchar', length: 63 })
  record_kind: string;

  @PrimaryColumn({ type: 'uuid' })
  record_id: string;

  /** The object's path in the company's bucket, under `attachments/`. */
  @PrimaryColumn({ type: 'varchar', length: 1024 })
  path: string;

  /** Where the file stands in the record's list, from 0, as it was sent. */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'bigint' })
  size: string;

  @Column({ type: 'text' })
  content_type: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
