/**
 * The view other modules' statements read a company through (migration ModuleViews): id, name,
 * and deleting_at (a company being deleted is gone for its invitees and members).
 */
export const COMPANY_PROFILES = 'company_profiles';
