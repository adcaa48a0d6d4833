import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The columns of each company that the console's search of companies reads, kept by row triggers
 * on `companies` in the writer's transaction (migration CompanySearchRows): a search's count of up
 * to 10,001 matches reads these narrow rows and their trigram indexes, not the companies' rows.
 */
@Entity('company_search_rows')
@Index('company_search_rows_name_trgm_idx', { synchronize: false })
@Index('company_search_rows_slug_trgm_idx', { synchronize: false })
export class CompanySearchRowEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_company_search_rows' })
  id: string;

  @Column({ type: 'text' })
  name_lowered: string;

  @Column({ type: 'varchar', length: 63 })
  slug: string;

  @Column({ type: 'timestamptz', nullable: true })
  deleting_at: Date | null;
}
