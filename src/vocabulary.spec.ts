import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PermissionDeclarations } from './core/access/permission-codes';
import { declareTag, tagDescription } from './core/openapi/tags';
import { PERMISSION_CODES, PERMISSIONS } from './vocabulary';

/** The vocabulary files under a folder of src/modules, each at the top of its module's folder. */
function vocabularyFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return vocabularyFiles(path);
    return name.endsWith('.vocabulary.ts') ? [path] : [];
  });
}

/** Every module's vocabulary file, loaded: its exported permission declarations. */
function moduleDeclarations(): { module: string; codes: string[] }[] {
  const modules = join(__dirname, 'modules');
  return vocabularyFiles(modules).map((file) => {
    const exported = require(file) as Record<string, PermissionDeclarations>;
    const codes = Object.entries(exported)
      .filter(([name]) => name.endsWith('_PERMISSIONS'))
      .flatMap(([, declarations]) => Object.keys(declarations));
    return { module: relative(modules, file), codes };
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
