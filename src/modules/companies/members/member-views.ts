/**
 * The views other modules' statements read members through (migration ModuleViews); writes go
 * through Memberships.
 */

/** Who belongs to which company: company_id, account_id, role, joined_at. */
export const COMPANY_MEMBERSHIPS = 'company_memberships';

/** A member's own grants beside their employee card's: increase_permissions, reduce_permissions. */
export const MEMBER_PERMISSION_SETTINGS = 'member_permission_settings';
