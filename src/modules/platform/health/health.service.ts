import { Injectable } from '@nestjs/common';
import { withTimeout } from '../../../common/with-timeout';
import { AppException } from '../../../core/http/app.exception';
import { StorageService, StorageState } from '../../../core/storage/storage.service';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
import { API_VERSION } from '../../../version';

const PROBE_TIMEOUT_MS = 2000;

export interface DependencyHealth {
  database: 'up' | 'down';
  storage: StorageState;
}

@Injectable()
export class HealthService {
  private readonly startedAt = new Date();

  constructor(
    private readonly db: Db,
    private readonly storage: StorageService,
  ) {}

  /**
   * Each dependency's state. The database is asked (`SELECT 1` within 2 s); the store's state is
   * what its calls found (StorageService marks it down when it does not answer and probes it
   * until it does), so this never waits on a hanging store.
   */
  async dependencies(): Promise<DependencyHealth> {
    const database = await withTimeout(this.db.one(sql`SELECT 1`), PROBE_TIMEOUT_MS, 'database').then(
      () => 'up' as const,
      () => 'down' as const,
    );
    return { database, storage: this.storage.state };
  }

  /**
   * Ready while the database answers: every route needs it. A store that is down does not make
   * the pod unready (no other pod would do better, and the routes that need only the database
   * keep working); its routes answer 503 at once meanwhile.
   */
  async readiness(): Promise<DependencyHealth> {
    const health = await this.dependencies();
    if (health.database === 'down') {
      throw new AppException('service_unavailable', 'Service not ready', [
        { field: 'database', message: 'unreachable' },
      ]);
    }
    return health;
  }

  status() {
    return {
      version: API_VERSION,
      uptime_s: Math.floor(process.uptime()),
      started_at: this.startedAt.toISOString(),
    };
  }
}
