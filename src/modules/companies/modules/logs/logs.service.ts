import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../../core/access/company-access';
import { AppException, FieldError, found } from '../../../../core/http/app.exception';
import { Page } from '../../../../core/pagination/page';
import { sql } from '../../../../database/sql';
import { ActivityPointDto, ActivityQueryDto, ListLogsQueryDto, LogDetailDto, LogDto } from './dto/log.dto';
import { LogsPurger } from './logs-purger';
import { LogsRepository } from './logs.repository';

const DAY_MS = 86_400_000;
/** The default activity window: 30 UTC days, today included. */
const DEFAULT_ACTIVITY_DAYS = 30;
/** The longest activity window: two years, a leap day included. */
const MAX_ACTIVITY_DAYS = 731;
/** What optimize keeps (spec 8: optimize age threshold). */
const OPTIMIZE_KEEPS = sql`now() - interval '30 days'`;

/** 400 naming `field` when `to` comes before `from`. */
function inOrder(from: number | undefined, to: number | undefined, field: string, message: string): FieldError[] {
  return from !== undefined && to !== undefined && to < from ? [{ field, message }] : [];
}

const time = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));

@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogsRepository,
    private readonly purger: LogsPurger,
  ) {}

  list(company: CompanyAccess, query: ListLogsQueryDto): Promise<Page<LogDto>> {
    const errors = [
      ...inOrder(query.min_criticality, query.max_criticality, 'max_criticality', 'must not be below min_criticality'),
      ...inOrder(time(query.start_date), time(query.end_date), 'end_date', 'must not be before start_date'),
    ];
    if (errors.length > 0) throw AppException.validation(errors);
    return this.logs.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<LogDetailDto> {
    return found(await this.logs.findOne(company.companyId, id), 'Log');
  }

  activity(company: CompanyAccess, query: ActivityQueryDto): Promise<ActivityPointDto[]> {
    const to = new Date(time(query.end_date) ?? Date.now());
    const from = new Date(
      time(query.start_date) ?? Math.floor(to.getTime() / DAY_MS) * DAY_MS - (DEFAULT_ACTIVITY_DAYS - 1) * DAY_MS,
    );
    if (to < from) throw AppException.validation([{ field: 'end_date', message: 'must not be before start_date' }]);
    const days = Math.floor(to.getTime() / DAY_MS) - Math.floor(from.getTime() / DAY_MS) + 1;
    if (days > MAX_ACTIVITY_DAYS) {
      throw AppException.validation([
        { field: 'start_date', message: `the window spans at most ${MAX_ACTIVITY_DAYS} UTC days` },
      ]);
    }
    return this.logs.activity(company.companyId, from, to);
  }

  /** Every record of the company disappears; the clear's own record, written next, is the first one after. */
  async clear(company: CompanyAccess): Promise<Record<string, never>> {
    await this.logs.moveHorizon(company.companyId, sql`now()`);
    this.purger.purgeSoon(company.companyId);
    return {};
  }

  /** The records older than 30 days disappear; the recent ones stay. */
  async optimize(company: CompanyAccess): Promise<Record<string, never>> {
    await this.logs.moveHorizon(company.companyId, OPTIMIZE_KEEPS);
    this.purger.purgeSoon(company.companyId);
    return {};
  }
}
