import { Injectable } from '@nestjs/common';
import { AppException, conflictOnDuplicate, found } from '../../../core/http/app.exception';
import { listPage, Where } from '../../../core/pagination/list';
import type { Page } from '../../../core/pagination/page';
import type { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import { PromocodeEntity } from './promocode.entity';

const promocodes = new Table(PromocodeEntity);

/** A promocode as the console shows it, in Kroncl's shape (`plan_id` is the plan's code) plus its use. */
export interface PromocodeAnswer {
  id: string;
  code: string;
  plan_id: string;
  plan_name: string;
  trial_period_days: number;
  max_uses: number | null;
  used_count: number;
  expires_at: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

const ANSWER = `p.id, p.code, p.plan_code AS plan_id, pl.name AS plan_name, p.trial_period_days, p.max_uses,
  p.used_count, ${rfc3339('p.expires_at')} AS expires_at, p.active, ${rfc3339('p.created_at')} AS created_at,
  ${rfc3339('p.updated_at')} AS updated_at`;
const FROM = 'promocodes p JOIN pricing_plans pl ON pl.code = p.plan_code';
const CHANGEABLE = ['code', 'plan_code', 'trial_period_days', 'max_uses', 'expires_at', 'active'] as const;
const CODE_TAKEN = 'A promocode with this code exists (codes are compared case-insensitively)';

export type PromocodeFields = Partial<Pick<Row<PromocodeEntity>, (typeof CHANGEABLE)[number]>>;

/** What a redeemed promocode starts: that plan's trial, for that many days. */
export interface RedeemedPromocode {
  plan_code: string;
  trial_period_days: number;
}

/**
 * Promocodes (CONTRACT 21): the console's CRUD, and their use when a company is created or
 * migrates. A use is one conditional UPDATE of the code's row, in the caller's transaction: the
 * row's lock makes concurrent uses take turns, and each re-reads `used_count` after the one
 * before it committed, so `max_uses` is never passed on any number of instances.
 */
@Injectable()
export class Promocodes {
  constructor(private readonly db: Db) {}

  /** Newest first; `keptTotal` answers the total without counting (a count the caller keeps). */
  list(query: PageQueryDto, keptTotal?: Sql): Promise<Page<PromocodeAnswer>> {
    return listPage(
      this.db,
      {
        from: FROM,
        where: new Where(sql`TRUE`),
        orderBy: 'p.created_at DESC, p.id DESC',
        key: ['p.id'],
        select: ANSWER,
        ...(keptTotal ? { total: keptTotal } : {}),
      },
      query,
    );
  }

  async get(id: string): Promise<PromocodeAnswer> {
    return found(
      await this.db.one<PromocodeAnswer>(sql`SELECT ${raw(ANSWER)} FROM ${raw(FROM)} WHERE p.id = ${id}`),
      'Promocode',
    );
  }

  async create(fields: PromocodeFields & Pick<Row<PromocodeEntity>, 'code' | 'plan_code' | 'trial_period_days'>) {
    const created = await conflictOnDuplicate(
      this.db.one<{ id: string }>(sql`${promocodes.insert(fields)} RETURNING id`),
      { promocodes_code_key: CODE_TAKEN },
    );
    return this.get(created!.id);
  }

  async update(id: string, changes: PromocodeFields): Promise<PromocodeAnswer> {
    const set = promocodes.assignments(changes, CHANGEABLE);
    if (set) {
      const changed = await conflictOnDuplicate(
        this.db.affected(sql`UPDATE promocodes SET ${set}, updated_at = now() WHERE id = ${id}`),
        { promocodes_code_key: CODE_TAKEN },
      );
      if (changed === 0) throw AppException.notFound('Promocode');
    }
    return this.get(id);
  }

  /** Answers the deleted promocode. */
  async remove(id: string): Promise<PromocodeAnswer> {
    const promocode = await this.get(id);
    await this.db.affected(sql`DELETE FROM promocodes WHERE id = ${id}`);
    return promocode;
  }

  /** The plan a usable promocode starts (a look, no use); null when it is unknown, spent, expired or inactive. */
  peek(code: string): Promise<RedeemedPromocode | null> {
    return this.db.one(sql`SELECT plan_code, trial_period_days FROM promocodes WHERE lower(code) = lower(${code})
      AND ${raw(USABLE)}`);
  }

  /** Counts one use, in the caller's transaction; null when it is unknown, spent, expired or inactive. */
  redeem(code: string): Promise<RedeemedPromocode | null> {
    return this.db.one(
      sql`UPDATE promocodes SET used_count = used_count + 1, updated_at = now()
          WHERE lower(code) = lower(${code}) AND ${raw(USABLE)} RETURNING plan_code, trial_period_days`,
    );
  }
}

const USABLE = `active AND (expires_at IS NULL OR expires_at > now()) AND (max_uses IS NULL OR used_count < max_uses)`;

/** 400 naming `promocode`: unknown, spent, expired, inactive, or for another plan. */
export const unusablePromocode = (why = 'is unknown, spent, expired or inactive') =>
  AppException.validation([{ field: 'promocode', message: why }]);
