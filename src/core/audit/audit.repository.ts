import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { Sql, sql } from '../../database/sql';
import { Row, Table } from '../../database/table';
import { AuditLogEntity } from './audit-log.entity';

export type AuditRecord = Omit<Row<AuditLogEntity>, 'id' | 'created_at'>;

const auditLogs = new Table(AuditLogEntity);

@Injectable()
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Inserts in the caller's transaction when there is one: the record lives or dies with the change. */
  async insert(record: AuditRecord): Promise<void> {
    await this.db.affected(this.insertion(record));
  }

  /** The insert of a record, for a statement that writes it along with something else. */
  insertion(record: AuditRecord): Sql {
    return auditLogs.insert(record);
  }

  /** Removes every record of a company (the company purge: the trail keeps no foreign key). */
  async forgetCompany(companyId: string): Promise<void> {
    await this.db.affected(sql`DELETE FROM audit_logs WHERE company_id = ${companyId}`);
  }
}
