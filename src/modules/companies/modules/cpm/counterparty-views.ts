/**
 * The view other modules' statements read counterparties through (migration ModuleViews): the
 * columns COUNTERPARTY_JSON reads, and the company. Writes go through the counterparties module.
 */
export const COUNTERPARTY_PROFILES = 'counterparty_profiles';
