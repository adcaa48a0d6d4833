import type { CompaniesRepository } from './companies.repository';

/** What storage may do with a company's object counters: reserve and release an object, read the usage. */
export abstract class CompanyObjectCounters {}
export interface CompanyObjectCounters extends Pick<
  CompaniesRepository,
  'reserveObject' | 'releaseObject' | 'objectUsage'
> {}

/** What pricing may read of a company's plan: its current period. */
export abstract class CompanyPlanPeriods {}
export interface CompanyPlanPeriods extends Pick<CompaniesRepository, 'planPeriod'> {}
