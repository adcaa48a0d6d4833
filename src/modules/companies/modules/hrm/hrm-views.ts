/** The views other modules' statements read HRM through; writes go through the HRM module. */

/** Employees (migration ModuleViews): the columns EMPLOYEE_JSON reads. */
export const EMPLOYEE_PROFILES = 'employee_profiles';

/**
 * The codes each member's active linked employee card grants (migration DataLayer):
 * company_id, account_id, codes. Registered with the companies module's MemberGrants at
 * start-up, for the company guard's standing (HRM imports companies, not the other way).
 */
export const HRM_MEMBER_PERMISSIONS = 'hrm_member_permissions';
