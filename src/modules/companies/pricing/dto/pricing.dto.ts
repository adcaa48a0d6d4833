import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { OneOf, Omittable } from '../../../../core/http/validators';
import { PLAN_PERIODS } from '../../companies/companies.face';
import { PricingPlanDto } from '../../plans/plans.face';
import { PRICING_TRANSACTION_STATUSES } from '../pricing-transaction.entity';

/** The company's plan as the platform's pricing pages read it (CONTRACT 17). */
export class CompanyPricingDto {
  /** Whether the current period is the free trial the company started with. */
  is_trial: boolean;
  /** When the current period ends. */
  expires_at: Date;
  /** Whole days left, rounded up; 0 once the period has ended. */
  days_left: number;
  /** The current period's length in days. */
  days_total: number;
  current_plan: PricingPlanDto;
  /** The plan of the pending purchase, if any. */
  @ApiProperty({ type: PricingPlanDto, nullable: true })
  next_plan: PricingPlanDto | null;
}

export class MigratePlanDto {
  /** A plan's `code` from `GET /api/v1/plans`. */
  @IsString()
  @MaxLength(32)
  @ApiProperty({ example: 'business' })
  plan_code: string;

  /** The period bought; a month when omitted. */
  @OneOf(PLAN_PERIODS, { omittable: true, default: 'month' })
  period?: (typeof PLAN_PERIODS)[number];

  /**
   * A promocode for `plan_code` (CONTRACT 21): the plan's trial starts at once for its
   * `trial_period_days`, and the answer is a transaction already `success` with `amount` 0 and
   * `is_trial` true. An unknown, spent, expired or inactive one, or one for another plan, is 400.
   */
  @Omittable()
  @IsString()
  @MaxLength(64)
  @ApiProperty({ required: false })
  promocode?: string;
}

/** A plan purchase: pending until an administrator confirms it (no payment provider yet). */
export class PricingTransactionDto {
  id: string;
  company_id: string;
  /** Who asked for it; null once that account is deleted. */
  account_id: string | null;
  /** The plan's price for the period, in whole units of `currency`. */
  amount: number;
  @ApiProperty({ enum: ['RUB'] })
  currency: string;
  /** pending → success (confirmed) or revoked; both final. */
  @ApiProperty({ enum: PRICING_TRANSACTION_STATUSES })
  status: string;
  /** The plan bought. */
  plan_code: string;
  /** Always null here: a purchase changes the plan at once when confirmed, never at the end of a period. */
  @ApiProperty({ type: 'string', nullable: true })
  next_plan_code: string | null;
  /** A trial started by a promocode (free, already `success`); false for a purchase. */
  is_trial: boolean;
  @ApiProperty({ enum: PLAN_PERIODS })
  period: string;
  /** When the bought period ends: one period from the purchase while pending, from the confirmation once confirmed. */
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}
