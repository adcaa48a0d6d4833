import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PermissionDeclarations } from './core/access/permission-codes';
import { declareTag, tagDescription } from './core/openapi/tags';
import { PERMISSION_CODES, PERMISSIONS } from './vocabulary';

/** Every module's vocabulary file, loaded: its exported permission declarations. */
function moduleDeclarations(): { module: string; codes: string[] }[] {
  const modules = join(__dirname, 'modules');
  return readdirSync(modules).flatMap((module) => {
    const file = join(modules, module, `${module}.vocabulary.ts`);
    if (!existsSync(file)) return [];
    const exported = require(file) as Record<string, PermissionDeclarations>;
    const codes = Object.entries(exported)
      .filter(([name]) => name.endsWith('_PERMISSIONS'))
      .flatMap(([, declarations]) => Object.keys(declarations));
    return [{ module, codes }];
  });
}

describe('vocabulary', () => {
  it("collects every module's codes, each declared by one module only", () => {
    const declared = moduleDeclarations().flatMap(({ codes }) => codes);
    expect(declared.filter((code, i) => declared.indexOf(code) !== i)).toEqual([]);
    expect([...declared].sort()).toEqual([...PERMISSION_CODES].sort());
    expect(PERMISSION_CODES).toEqual(Object.keys(PERMISSIONS));
  });

  it("registers the modules' tags with core, each once", () => {
    expect(tagDescription('CRM')).toBe('Customer relations: clients and the sources they came from.');
    expect(() => declareTag('CRM', 'Another description')).toThrow("The OpenAPI tag 'CRM' is declared twice");
  });
});
