import type { PermissionDto } from './permission.dto';

export interface PlanStanding {
  lvl: number;
  expired: boolean;
}

/**
 * Whether the company's plan lets a held permission work (CONTRACT 6, 17): on the platform's
 * scale lvl 1 is the richest plan, so a code of lvl N is on every plan whose lvl is at most N.
 */
export function planAllows(permission: PermissionDto, plan: PlanStanding): boolean {
  return permission.lvl >= plan.lvl && (!plan.expired || permission.allow_expired);
}

/**
 * CONTRACT 6: the owner holds every code, a member the codes their positions grant; then the
 * plan filters both. Codes unknown to the catalog are ignored.
 */
export function effectivePermissions(
  catalog: Map<string, PermissionDto>,
  held: 'all' | readonly string[],
  plan: PlanStanding,
): string[] {
  const codes = held === 'all' ? [...catalog.keys()] : held;
  return [...new Set(codes)]
    .filter((code) => {
      const permission = catalog.get(code);
      return permission !== undefined && planAllows(permission, plan);
    })
    .sort();
}
