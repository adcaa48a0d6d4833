import { Injectable } from '@nestjs/common';
import { DatabaseQuota } from '../../../core/limits/database-quota';
import { CompanyUsageRepository } from './company-usage.repository';

/** How long a company's measured size is reused before it is measured again, per instance. */
const MEASURE_TTL_MS = 60_000;

/**
 * A company's database size against its plan: the bytes of its rows in every company table
 * (CompanyUsageRepository.tableUsage, as storage/database reports them), measured at most once a
 * minute per company and instance, and compared with the plan's limit_db_mb read fresh.
 */
@Injectable()
export class DatabaseQuotaService extends DatabaseQuota {
  private readonly measured = new Map<string, { bytes: number; at: number }>();

  constructor(private readonly usage: CompanyUsageRepository) {
    super();
  }

  async exceeded(companyId: string): Promise<boolean> {
    const [bytes, limitMb] = await Promise.all([this.size(companyId), this.usage.dbLimitMb(companyId)]);
    return limitMb !== null && bytes > limitMb * 1024 * 1024;
  }

  private async size(companyId: string): Promise<number> {
    const cached = this.measured.get(companyId);
    if (cached && Date.now() - cached.at < MEASURE_TTL_MS) return cached.bytes;
    // On the request's own connection: a second pooled connection taken while the transaction
    // holds one can exhaust the pool (or a PgBouncer's few server connections) under concurrent
    // creates, each waiting for a connection the others hold.
    const tables = await this.usage.tableUsage(companyId);
    const bytes = tables.reduce((sum, table) => sum + table.bytes, 0);
    if (this.measured.size > 10_000) this.measured.clear();
    this.measured.set(companyId, { bytes, at: Date.now() });
    return bytes;
  }
}
