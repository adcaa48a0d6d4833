import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../../../config/environment';
import { Leases } from '../../../../core/lease/leases';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { SnapshotKind } from './admin-snapshot.entity';
import { SystemFigures, type WorkerSuccess } from './system-figures';

export const SNAPSHOT_LEASE = 'admin-snapshots';
/** Snapshots older than this are deleted (CONTRACT 21). */
export const SNAPSHOTS_KEPT_DAYS = 30;
/** A history answer has at most this many points. */
export const HISTORY_MAX_POINTS = 500;

export interface HistoryWindow {
  from?: string;
  to?: string;
  limit?: number;
}

/**
 * Takes the console's snapshots every ADMIN_SNAPSHOT_S by exactly one instance: each instance
 * tries the lease every half period; the holder renews it for one and a half periods and takes
 * a snapshot when the last one is a period old. When the holder stops, its lease expires within
 * 1.5 periods and another instance takes it at its next try: within two periods.
 */
@Injectable()
export class Snapshots implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Snapshots');
  private readonly periodMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly leases: Leases,
    private readonly figures: SystemFigures,
    config: ConfigService<Environment, true>,
  ) {
    this.periodMs = config.get('ADMIN_SNAPSHOT_S', { infer: true }) * 1000;
  }

  onApplicationBootstrap(): void {
    if (this.periodMs === 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => (this.running = undefined));
    }, this.periodMs / 2).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    await this.running;
  }

  /** One try: hold the lease, and take the snapshots when they are due. */
  async tick(): Promise<void> {
    try {
      if (!(await this.leases.hold(SNAPSHOT_LEASE, this.periodMs * 1.5))) return;
      const last = await this.db.one<{ age_ms: number }>(
        sql`SELECT extract(epoch FROM clock_timestamp() - max(recorded_at)) * 1000 AS age_ms FROM admin_snapshots`,
      );
      if (last?.age_ms !== null && last!.age_ms < this.periodMs * 0.9) return;
      await this.take();
    } catch (error) {
      this.logger.warn({ err: error }, 'Snapshot not taken');
    }
  }

  /**
   * Every kind's figures now, and the snapshots past their 30 days deleted. A kind whose figures
   * fail is left out of the round, not the others; the server's snapshot says whether the db and
   * clientele figures were taken.
   */
  async take(): Promise<void> {
    const [db, media, clientele] = await Promise.allSettled([
      this.figures.database(),
      this.figures.media(),
      this.figures.clientele(),
    ]);
    const server = await this.figures.server({
      db_worker_success: db.status === 'fulfilled',
      clientele_worker_success: clientele.status === 'fulfilled',
    });
    const taken: Array<[SnapshotKind, PromiseSettledResult<Record<string, unknown>>]> = [
      ['db', db],
      ['server', { status: 'fulfilled', value: server }],
      ['media', media],
      ['clientele', clientele],
    ];
    for (const [kind, figures] of taken) {
      if (figures.status === 'rejected') {
        this.logger.warn({ err: figures.reason }, `The ${kind} snapshot not taken`);
        continue;
      }
      await this.db.affected(
        sql`INSERT INTO admin_snapshots (kind, instance, figures) VALUES (${kind}, ${this.leases.instance}, ${JSON.stringify(figures.value)}::jsonb)`,
      );
    }
    await this.db.affected(
      sql`DELETE FROM admin_snapshots WHERE recorded_at < now() - make_interval(days => ${SNAPSHOTS_KEPT_DAYS})`,
    );
  }

  /**
   * Whether db and clientele snapshots are being taken, as any instance sees it: one of each
   * recorded within the last two periods (the lease's takeover bound). Snapshots off: both false.
   */
  async workers(): Promise<WorkerSuccess> {
    const within = sql`recorded_at > now() - make_interval(secs => ${(2 * this.periodMs) / 1000})`;
    return (await this.db.one<WorkerSuccess>(
      sql`SELECT EXISTS (SELECT 1 FROM admin_snapshots WHERE kind = 'db' AND ${within}) AS db_worker_success,
                 EXISTS (SELECT 1 FROM admin_snapshots WHERE kind = 'clientele' AND ${within}) AS clientele_worker_success`,
    ))!;
  }

  /**
   * The kind's snapshots in the window, newest first, thinned to at most 500 points (or `limit`):
   * every n-th of the window's snapshots, the newest always among them.
   */
  async history(kind: SnapshotKind, window: HistoryWindow): Promise<Array<Record<string, unknown>>> {
    const points = Math.min(window.limit ?? HISTORY_MAX_POINTS, HISTORY_MAX_POINTS);
    const rows = await this.db.rows<{ id: string; recorded_at: Date; figures: Record<string, unknown> }>(
      sql`SELECT id, recorded_at, figures FROM (
            SELECT s.*, row_number() OVER (ORDER BY recorded_at DESC, id DESC) AS n, count(*) OVER () AS total
            FROM admin_snapshots s
            WHERE kind = ${kind}
              AND recorded_at >= coalesce(${window.from ?? null}::timestamptz, '-infinity')
              AND recorded_at <= coalesce(${window.to ?? null}::timestamptz, 'infinity')) w
          WHERE (n - 1) % ceil(total::numeric / ${points})::int = 0
          ORDER BY recorded_at DESC, id DESC`,
    );
    // A point is its figures with when it was taken, as the Kroncl server answers them.
    return rows.map(({ id, recorded_at, figures }) => ({ id, recorded_at, ...figures }));
  }
}
