import { Injectable } from '@nestjs/common';
import { withTimeout } from '../../common/with-timeout';
import { AppException, FieldError } from '../../core/http/app.exception';
import { StorageService } from '../../core/storage/storage.service';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { API_VERSION } from '../../version';

const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private readonly startedAt = new Date();

  constructor(
    private readonly db: Db,
    private readonly storage: StorageService,
  ) {}

  async readiness(): Promise<{ database: string; storage: string }> {
    const [database, storage] = await Promise.allSettled([
      withTimeout(this.db.one(sql`SELECT 1`), PROBE_TIMEOUT_MS, 'database'),
      withTimeout(this.storage.ping(), PROBE_TIMEOUT_MS, 'object storage'),
    ]);
    const down: FieldError[] = [];
    if (database.status === 'rejected') down.push({ field: 'database', message: 'unreachable' });
    if (storage.status === 'rejected') down.push({ field: 'storage', message: 'unreachable' });
    if (down.length > 0) throw new AppException('service_unavailable', 'Service not ready', down);
    return { database: 'up', storage: 'up' };
  }

  status() {
    return {
      version: API_VERSION,
      uptime_s: Math.floor(process.uptime()),
      started_at: this.startedAt.toISOString(),
    };
  }
}
