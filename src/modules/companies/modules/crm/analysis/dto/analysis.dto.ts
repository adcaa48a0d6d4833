import { TimeWindowQueryDto } from '../../../../../../core/analysis/periods';
import { OneOf } from '../../../../../../core/http/validators';

/** What clients are grouped by: their source, or the UTC day or month they were created. */
export const CLIENT_GROUPS = ['source', 'day', 'month'] as const;
export type ClientGroup = (typeof CLIENT_GROUPS)[number];

export class GroupedClientsQueryDto extends TimeWindowQueryDto {
  @OneOf(CLIENT_GROUPS, { example: 'month' })
  group_by: ClientGroup;
}

/** Client statistics (the Kroncl server's ClientsSummary); only new_clients depends on the window. */
export class ClientsSummaryDto {
  total_clients: number;
  active_clients: number;
  inactive_clients: number;
  individual_clients: number;
  legal_clients: number;
  /** Clients created within the window. */
  new_clients: number;
}

/** The clients created within the window in one group (the Kroncl server's GroupedStats). */
export class ClientGroupDto {
  /** The source's id, or `YYYY-MM-DD` / `YYYY-MM` (UTC). */
  group_key: string;
  /** The source's name, or `21.11.2026` / `Ноябрь 2026`. */
  group_name: string;
  clients_count: number;
}
