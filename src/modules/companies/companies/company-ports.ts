import type { CompaniesRepository } from './companies.repository';
import type { CompanyUsageRepository } from './company-usage.repository';

/** What storage may do with a company's object counters: reserve and release an object (and bytes of an upload), read the usage. */
export abstract class CompanyObjectCounters {}
export interface CompanyObjectCounters extends Pick<
  CompanyUsageRepository,
  'reserveObject' | 'reserveMoreBytes' | 'releaseBytes' | 'releaseObject' | 'objectUsage'
> {}

/** What pricing may read of a company: its plan's current period, and its name and owner for the purchase mail. */
export abstract class CompanyPlanPeriods {}
export interface CompanyPlanPeriods extends Pick<CompaniesRepository, 'planPeriod' | 'nameOf' | 'ownerOf'> {}

/** What the document generator may read of a company: its name, printed on every document. */
export abstract class CompanyNames {}
export interface CompanyNames extends Pick<CompaniesRepository, 'nameOf'> {}
