/**
 * The view other modules read accounts through in their statements (migration AccountProfiles):
 * an account's columns without its password hash. Writes go through the accounts module.
 */
export const ACCOUNT_PROFILES = 'account_profiles';
