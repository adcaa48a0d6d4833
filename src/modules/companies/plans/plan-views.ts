/**
 * The view other modules' statements read a plan's level and limits through (migration
 * ModuleViews): code, lvl, limit_db_mb, limit_objects_mb, limit_objects_count.
 */
export const PLAN_LIMITS = 'plan_limits';
