/**
 * The view other modules' statements read clients through (migration ModuleViews): the columns
 * CLIENT_DETAIL_JSON and CLIENT_SEARCH_TEXT read. Writes go through the CRM module.
 */
export const CLIENT_PROFILES = 'client_profiles';
