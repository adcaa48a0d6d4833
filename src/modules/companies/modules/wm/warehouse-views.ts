/**
 * The views other modules' statements read the warehouse through (migration ModuleViews): the
 * columns unitJson and POSITION_JSON read, and the company. Writes go through the warehouse.
 */

export const CATALOG_UNIT_PROFILES = 'catalog_unit_profiles';

export const STOCK_POSITION_PROFILES = 'stock_position_profiles';
