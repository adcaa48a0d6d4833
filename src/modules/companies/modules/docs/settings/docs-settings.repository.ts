import { Injectable } from '@nestjs/common';
import { Db } from '../../../../../database/db';
import { sql } from '../../../../../database/sql';
import { Table } from '../../../../../database/table';
import type { DocsSettingsDto, UpdateDocsSettingsDto } from '../dto/docs-settings.dto';
import { DocsSettingsEntity } from './docs-settings.entity';

const settings = new Table(DocsSettingsEntity);
const SETTINGS = settings.select(undefined, { except: ['company_id'] });

@Injectable()
export class DocsSettingsRepository {
  constructor(private readonly db: Db) {}

  /** Every new company's settings: all null (made in the transaction that creates the company). */
  async createFor(companyId: string): Promise<void> {
    await this.db.affected(sql`INSERT INTO docs_settings (company_id) VALUES (${companyId})`);
  }

  /** The settings; with `lock`, the row stays locked until the caller's transaction ends. */
  find(companyId: string, lock = false): Promise<DocsSettingsDto | null> {
    return this.db.one(
      lock
        ? sql`SELECT ${SETTINGS} FROM docs_settings WHERE company_id = ${companyId} FOR UPDATE`
        : sql`SELECT ${SETTINGS} FROM docs_settings WHERE company_id = ${companyId}`,
    );
  }

  /** Changes the fields sent (updated_at with them). */
  async update(companyId: string, changes: UpdateDocsSettingsDto): Promise<DocsSettingsDto | null> {
    const set = settings.assignments(changes);
    if (!set) return this.find(companyId);
    return this.db.one(sql`UPDATE docs_settings SET ${set}, updated_at = now()
      WHERE company_id = ${companyId} RETURNING ${SETTINGS}`);
  }
}
