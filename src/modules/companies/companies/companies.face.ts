/**
 * What other modules may use of companies (docs/architecture.md, "Module faces").
 */
export { CompaniesModule } from './companies.module';
export { CompaniesService, oneAhead } from './companies.service';
export {
  type AccountCompany,
  CompanyDirectory,
  type CompanyStore,
  type DirectoryCompany,
  type DirectoryMember,
} from './company-directory';
export { CompanyLifecycle } from './company-lifecycle';
export { CompanyOwnedEntity, CompanyRowEntity } from './company-owned.entity';
export { KeptCounts, KeptDaySums } from './kept-tables.entity';
export { CompanyNames, CompanyObjectCounters, CompanyPlanPeriods } from './company-ports';
export { PLAN_PERIODS } from './dto/company.dto';
export { COMPANY_PROFILES } from './company-views';
export { MemberGrants } from './member-grants';
