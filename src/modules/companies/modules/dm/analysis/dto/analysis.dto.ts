import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { TimeWindowQueryDto } from '../../../../../../core/analysis/periods';
import { OneOf } from '../../../../../../core/http/validators';
import { DealFiltersDto } from '../../deals/dto/deal.dto';

export const DEAL_GROUPINGS = ['type', 'status', 'employee', 'client', 'day', 'month', 'year'] as const;
export type DealGrouping = (typeof DEAL_GROUPINGS)[number];

/** The deals an analysis counts: created within the window, with the filters of the deal list. */
export class DealAnalysisQueryDto extends IntersectionType(TimeWindowQueryDto, DealFiltersDto) {}

export class GroupedDealsQueryDto extends DealAnalysisQueryDto {
  @OneOf(DEAL_GROUPINGS)
  group_by: DealGrouping;
}

export class DealSummaryDto {
  total_deals: number;
  default_status_id: string;
  default_status_name: string;
  /** The counted deals that have the default status. */
  deals_in_default: number;
  /** Σ total_amount, RUB. */
  total_amount: number;
  /** Over the counted deals that have positions (rounded to kopecks); null when none has. */
  @ApiProperty({ type: 'number', nullable: true })
  avg_deal_amount: number | null;
}

export class DealGroupStatsDto {
  /** The type, status, employee or client id (`no-type`, `no-client`, `no-employee`), or `YYYY-MM-DD` / `YYYY-MM` / `YYYY`. */
  group_key: string;
  group_name: string;
  count: number;
  /** Σ total_amount of the group's deals, RUB. */
  amount: number;
}
