import { effectivePermissions, planAllows } from './effective-permissions';
import type { PermissionDto } from './permission.dto';

const catalog = new Map<string, PermissionDto>(
  [
    { code: 'logs', lvl: 3, criticality: 3, allow_expired: true },
    { code: 'logs.clear', lvl: 3, criticality: 10, allow_expired: false },
    { code: 'crm.clients', lvl: 2, criticality: 3, allow_expired: true },
  ].map((p) => [p.code, p]),
);

describe('effective permissions', () => {
  it('gives the owner every code the plan level allows (lvl 1 is the richest plan)', () => {
    expect(effectivePermissions(catalog, 'all', { lvl: 3, expired: false })).toEqual(['logs', 'logs.clear']);
    expect(effectivePermissions(catalog, 'all', { lvl: 2, expired: false })).toEqual([
      'crm.clients',
      'logs',
      'logs.clear',
    ]);
  });

  it('keeps only allow_expired codes once the plan has ended, for the owner too', () => {
    expect(effectivePermissions(catalog, 'all', { lvl: 2, expired: true })).toEqual(['crm.clients', 'logs']);
  });

  it('gives a member the union of granted codes, deduplicated, ignoring unknown ones', () => {
    expect(effectivePermissions(catalog, ['logs', 'logs', 'nope', 'crm.clients'], { lvl: 3, expired: false })).toEqual([
      'logs',
    ]);
  });

  it('planAllows checks level, then expiry', () => {
    expect(planAllows(catalog.get('crm.clients')!, { lvl: 3, expired: false })).toBe(false);
    expect(planAllows(catalog.get('crm.clients')!, { lvl: 1, expired: false })).toBe(true);
    expect(planAllows(catalog.get('logs.clear')!, { lvl: 1, expired: true })).toBe(false);
    expect(planAllows(catalog.get('logs')!, { lvl: 3, expired: true })).toBe(true);
  });
});
