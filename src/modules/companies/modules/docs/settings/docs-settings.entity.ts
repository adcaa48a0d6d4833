import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The requisites a company's documents carry (spec 2, Docs settings): one row per company,
 * made with the company. Lengths here are the API's limits (docs/documents.md).
 */
@Entity('docs_settings')
export class DocsSettingsEntity {
  @PrimaryColumn({ type: 'uuid' })
  company_id: string;

  @OneToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: unknown;

  @Column({ type: 'varchar', length: 300, nullable: true })
  legal_name: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  legal_address: string | null;

  /** ИНН: 10 digits (organisation) or 12 (individual), check digits verified. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  inn: string | null;

  /** ОГРН: 13 digits, or ОГРНИП: 15, check digit verified. */
  @Column({ type: 'varchar', length: 15, nullable: true })
  ogrn: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  bank_name: string | null;

  /** БИК: 9 digits. */
  @Column({ type: 'varchar', length: 9, nullable: true })
  bank_bic: string | null;

  /** Расчётный счёт: 20 digits, its control key verified with bank_bic. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  bank_account: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  director_name: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  accountant_name: string | null;

  @Column({ type: 'varchar', length: 5000, nullable: true })
  warranty_terms: string | null;

  @Column({ type: 'varchar', length: 5000, nullable: true })
  additional_terms: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
