import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { createHash } from 'node:crypto';
import { ClsService } from 'nestjs-cls';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { AppException } from '../http/app.exception';
import { Sweeper } from '../outbox/sweeper';
import type { ThrottleLimit } from './throttle-limits';

/** One hit to count: a limit of throttle-limits.ts and what it counts (an address, an e-mail…). */
export interface ThrottleHit {
  limit: ThrottleLimit;
  subject: string;
  /** Past the maximum, this hit is not refused but counted against `beyond` (a slowed pace). */
  beyond?: ThrottleHit;
}

/** A counted hit: how many its window holds now, and the window, to give it back. */
export interface CountedHit extends ThrottleHit {
  hits: number;
  /** As PostgreSQL wrote it (microseconds, which a Date would lose). */
  windowStart: string;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 5_000;

function subjectHash(limit: ThrottleLimit, subject: string): string {
  return createHash('sha256').update(`${limit.name}\n${subject}`).digest('hex');
}

/**
 * The one throttle mechanism (CONTRACT 20): counters in PostgreSQL (`throttle_counters`), so
 * every instance counts into the same rows and a row's lock makes the count exact.
 */
@Injectable()
export class Throttles {
  private readonly logger = new Logger('Throttles');

  constructor(private readonly db: Db) {}

  /**
   * Counts one hit on each limit, all or none: when any window is past its maximum, nothing is
   * counted and this throws 429 `rate_limited` with `Retry-After` (the longest wait). Callers
   * pass their hits in one fixed order (address, e-mail, pair), so parallel takes cannot
   * deadlock. Runs in the caller's transaction when there is one.
   */
  @Transactional()
  async take(hits: ThrottleHit[]): Promise<CountedHit[]> {
    const counted: (CountedHit & { retryAfter: number })[] = [];
    const pending = [...hits];
    for (let hit = pending.shift(); hit; hit = pending.shift()) {
      const window = sql`make_interval(secs => ${hit.limit.windowSeconds})`;
      const row = (await this.db.one<{ hits: number; window_start: string; retry_after: number }>(
        sql`INSERT INTO throttle_counters (limit_name, subject_hash, window_start, hits, expires_at)
            VALUES (${hit.limit.name}, ${subjectHash(hit.limit, hit.subject)}, now(), 1, now() + ${window})
            ON CONFLICT (limit_name, subject_hash) DO UPDATE SET
              hits = CASE WHEN throttle_counters.expires_at <= now() THEN 1 ELSE throttle_counters.hits + 1 END,
              window_start = CASE WHEN throttle_counters.expires_at <= now() THEN now() ELSE throttle_counters.window_start END,
              expires_at = CASE WHEN throttle_counters.expires_at <= now() THEN now() + ${window} ELSE throttle_counters.expires_at END
            RETURNING hits, window_start::text AS window_start, greatest(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after`,
        'throttle_take',
      ))!;
      counted.push({ ...hit, hits: row.hits, windowStart: row.window_start, retryAfter: row.retry_after });
      if (hit.beyond && row.hits > hit.limit.maximum) pending.unshift(hit.beyond);
    }
    const refused = counted.filter((hit) => !hit.beyond && hit.hits > hit.limit.maximum);
    if (refused.length > 0) {
      const longest = refused.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
      this.logger.warn({ limits: refused.map((hit) => hit.limit.name) }, 'A request was refused by a throttle');
      throw new AppException('rate_limited', longest.limit.message, undefined, {
        'Retry-After': String(longest.retryAfter),
      });
    }
    return counted.map(({ retryAfter: _, beyond: __, ...hit }) => hit);
  }

  /** Gives counted hits back to their windows (a sign-in that turned out right is no failure). */
  async refund(hits: CountedHit[]): Promise<void> {
    for (const hit of hits) {
      await this.db.affected(
        sql`UPDATE throttle_counters SET hits = hits - 1
            WHERE limit_name = ${hit.limit.name} AND subject_hash = ${subjectHash(hit.limit, hit.subject)}
              AND window_start = ${hit.windowStart}::timestamptz AND hits > 0`,
      );
    }
  }

  /** Forgets up to `limit` windows that have ended; returns how many. */
  forgetEnded(limit: number): Promise<number> {
    return this.db.affected(
      sql`DELETE FROM throttle_counters WHERE (limit_name, subject_hash) IN (
            SELECT limit_name, subject_hash FROM throttle_counters WHERE expires_at <= now() LIMIT ${limit})`,
    );
  }
}

/** Deletes ended windows every ten minutes, in short batches, so the table stays small. */
@Injectable()
export class ThrottleSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeper: Sweeper;

  constructor(throttles: Throttles, cls: ClsService) {
    this.sweeper = new Sweeper('ThrottleSweeper', cls, SWEEP_EVERY_MS, SWEEP_BATCH, (limit) =>
      throttles.forgetEnded(limit),
    );
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeper.stop();
  }
}
