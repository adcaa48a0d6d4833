import type { PermissionCode } from './core/access/permission-codes';
import './modules/account/accounts/accounts.vocabulary';
import './modules/account/api-keys/api-keys.vocabulary';
import './modules/account/auth/auth.vocabulary';
import { COMPANIES_PERMISSIONS } from './modules/companies/companies/companies.vocabulary';
import { COUNTERPARTIES_PERMISSIONS } from './modules/companies/modules/cpm/counterparties.vocabulary';
import { CRM_PERMISSIONS } from './modules/companies/modules/crm/crm.vocabulary';
import { DEALS_PERMISSIONS } from './modules/companies/modules/dm/deals.vocabulary';
import { DOCS_PERMISSIONS } from './modules/companies/modules/docs/docs.vocabulary';
import { FINANCE_PERMISSIONS } from './modules/companies/modules/fm/finance.vocabulary';
import './modules/platform/health/health.vocabulary';
import { HRM_PERMISSIONS } from './modules/companies/modules/hrm/hrm.vocabulary';
import { INVITATIONS_PERMISSIONS } from './modules/companies/invitations/invitations.vocabulary';
import { LOGS_PERMISSIONS } from './modules/companies/modules/logs/logs.vocabulary';
import { MEMBERS_PERMISSIONS } from './modules/companies/members/members.vocabulary';
import './modules/platform/currencies/currencies.vocabulary';
import './modules/platform/partners/partners.vocabulary';
import './modules/platform/admin/admin.vocabulary';
import './modules/companies/plans/plans.vocabulary';
import { PRICING_PERMISSIONS } from './modules/companies/pricing/pricing.vocabulary';
import { STORAGE_PERMISSIONS } from './modules/companies/storage/storage.vocabulary';
import { SUPPORT_PERMISSIONS } from './modules/companies/modules/support/support.vocabulary';
import { WAREHOUSE_PERMISSIONS } from './modules/companies/modules/wm/warehouse.vocabulary';
import { WEBHOOKS_PERMISSIONS } from './modules/companies/webhooks/webhooks.vocabulary';

/**
 * The platform's vocabulary, collected from the modules (docs/architecture.md, "Vocabulary"):
 * each `<m>.vocabulary.ts` declares its OpenAPI tag (registered with core on import) and its
 * permission codes. Like app.module.ts, this file may import modules; core never does.
 */

/** The permission catalog (CONTRACT 6): every module's codes, in the order the document lists them. */
export const PERMISSIONS = {
  ...COMPANIES_PERMISSIONS,
  ...PRICING_PERMISSIONS,
  ...MEMBERS_PERMISSIONS,
  ...INVITATIONS_PERMISSIONS,
  ...SUPPORT_PERMISSIONS,
  ...LOGS_PERMISSIONS,
  ...DOCS_PERMISSIONS,
  ...STORAGE_PERMISSIONS,
  ...HRM_PERMISSIONS,
  ...CRM_PERMISSIONS,
  ...DEALS_PERMISSIONS,
  ...COUNTERPARTIES_PERMISSIONS,
  ...FINANCE_PERMISSIONS,
  ...WAREHOUSE_PERMISSIONS,
  ...WEBHOOKS_PERMISSIONS,
};

declare module './core/access/permission-codes' {
  interface DeclaredPermissionCodes extends Record<keyof typeof PERMISSIONS, true> {}
}

/** Every code, for the DTOs that list codes (a position's grants, a member's settings, the log filter). */
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];
