import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  createSourceFile,
  forEachChild,
  isStringLiteral,
  isTemplateLiteralToken,
  Node,
  preProcessFile,
  ScriptTarget,
} from 'typescript';

/**
 * The dependency rule and the module boundaries of docs/architecture.md, checked over every
 * import in src/ (type-only imports included) and every SQL text in src/modules:
 * - core depends on no module, database depends on no core, common on nothing;
 * - a module reaches another only through its face, the one `*.face.ts` at the top of its folder;
 * - the modules' imports form no circle;
 * - a module's SQL names only its own tables (those of its entities, and the views it declares).
 */
const SRC = __dirname;

const MODULES = join(SRC, 'modules');

/** What each layer must never import. */
const FORBIDDEN: Record<string, string[]> = {
  core: ['modules'],
  database: ['core', 'modules'],
  common: ['core', 'database', 'modules', 'config'],
};

/** Relations a migration creates without an entity (views), by the module that owns them. */
const DECLARED_RELATIONS: Record<string, string[]> = {
  'account/accounts': ['account_profiles'],
  'account/fingerprints': ['fingerprint_lifetimes'],
  'companies/companies': ['company_profiles'],
  'companies/members': ['company_memberships', 'member_permission_settings'],
  'companies/plans': ['plan_limits'],
  'companies/modules/cpm': ['counterparty_profiles'],
  'companies/modules/crm': ['client_profiles'],
  'companies/modules/hrm': ['employee_profiles', 'hrm_member_permissions'],
  'companies/modules/wm': ['catalog_unit_profiles', 'stock_position_profiles'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const codeFiles = (directory: string) => sourceFiles(directory).filter((file) => !file.endsWith('.spec.ts'));

/** `core`, `modules`, … : the top folder of src a file or import target is in. */
const layerOf = (path: string) => relative(SRC, path).split(/[\\/]/)[0];

/**
 * The module folders: the shallowest folders of src/modules that hold a Nest module file. The
 * folders above them are the platform's areas (account, companies, companies/modules, platform).
 */
function moduleFolders(directory: string): string[] {
  const names = readdirSync(directory);
  if (names.some((name) => name.endsWith('.module.ts'))) return [directory];
  return names
    .map((name) => join(directory, name))
    .filter((path) => statSync(path).isDirectory())
    .flatMap(moduleFolders);
}

const MODULE_FOLDERS = moduleFolders(MODULES);

/** The platform module a path is in, named by its folder (`companies/modules/crm`), or undefined outside one. */
const moduleOf = (path: string) => {
  const folder = MODULE_FOLDERS.find((candidate) => path.startsWith(candidate + sep));
  return folder === undefined ? undefined : relative(MODULES, folder);
};

/** The face of a module: the one file at the top of its folder another module may import. */
const faceOf = (module: string) => {
  const face = readdirSync(join(MODULES, module)).find((name) => name.endsWith('.face.ts'));
  return face === undefined ? undefined : join(MODULES, module, face.replace(/\.ts$/, ''));
};

/** Each relative import of a file, resolved to a path without extension. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  return preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

function layerViolations(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const forbidden = FORBIDDEN[layerOf(file)] ?? [];
    return importsOf(file)
      .filter((target) => forbidden.includes(layerOf(target)))
      .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
  });
}

/** Imports of one module into another that do not go through the other's face. */
function faceViolations(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const own = moduleOf(path);
    return importsOf(path, text)
      .filter((target) => {
        const other = moduleOf(target);
        return other !== undefined && other !== own && target !== faceOf(other);
      })
      .map((target) => `${relative(SRC, path)} imports ${relative(SRC, target)} (not the face of ${moduleOf(target)})`);
  });
}

/** Each module's imports of other modules. */
function moduleGraph(files: { path: string; text: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const own = moduleOf(path);
    if (own === undefined) continue;
    for (const target of importsOf(path, text)) {
      const other = moduleOf(target);
      if (other === undefined || other === own) continue;
      if (!graph.has(own)) graph.set(own, new Set());
      graph.get(own)!.add(other);
    }
  }
  return graph;
}

/** Every circle of the graph, each once, as `a → b → a`. */
function circles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path[path.length - 1]) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const circle = path.slice(at);
        const start = circle.indexOf([...circle].sort()[0]);
        const rotated = [...circle.slice(start), ...circle.slice(0, start)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else {
        walk([...path, next]);
      }
    }
  };
  for (const module of graph.keys()) walk([module]);
  return [...found].sort();
}

/** The texts of a file's string and template literals: where its SQL is written. */
function literals(path: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (isTemplateLiteralToken(node) || isStringLiteral(node)) found.push(node.text);
    forEachChild(node, visit);
  };
  visit(createSourceFile(path, text, ScriptTarget.Latest, true));
  return found;
}

/** The table each @Entity of a module declares, and the module's declared relations: table → owner. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of codeFiles(SRC)) {
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/@Entity\(\s*'([a-z0-9_]+)'/g)) {
      owners.set(table, moduleOf(file) ?? layerOf(file));
    }
  }
  for (const [owner, relations] of Object.entries(DECLARED_RELATIONS)) {
    for (const relation of relations) owners.set(relation, owner);
  }
  return owners;
}

/** Tables and views the migrations create by name. */
function migratedRelations(): string[] {
  const created = new Set<string>();
  // Each migration's `up`, in the order they run: what one creates a later one may drop.
  for (const file of sourceFiles(join(SRC, 'database', 'migrations')).sort()) {
    const text = readFileSync(file, 'utf8');
    const downAt = text.search(/async down\(/);
    const up = downAt < 0 ? text : text.slice(0, downAt);
    for (const [, drop, name] of up.matchAll(
      /(?:CREATE (?:UNLOGGED )?(?:TABLE|VIEW|MATERIALIZED VIEW) (?:IF NOT EXISTS )?|(DROP TABLE (?:IF EXISTS )?))"?([a-z0-9_]+)"?/g,
    )) {
      if (drop) created.delete(name);
      else created.add(name);
    }
  }
  return [...created].sort();
}

/** A table of another owner named by a module's SQL (after FROM, JOIN, INTO, UPDATE or TABLE). */
function foreignTables(files: { path: string; text: string }[], owners: Map<string, string>): string[] {
  return files.flatMap(({ path, text }) => {
    const own = moduleOf(path);
    if (own === undefined) return [];
    const named = literals(path, text).flatMap((literal) =>
      [...literal.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g)].map((m) => m[1]),
    );
    return [...new Set(named)]
      .filter((table) => owners.has(table) && owners.get(table) !== own && owners.get(table) !== 'core')
      .map((table) => `${relative(SRC, path)} names ${table} (a table of ${owners.get(table)})`);
  });
}

const moduleFiles = () => codeFiles(MODULES).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('dependency rule', () => {
  it('core imports no module; database imports neither core nor modules; common imports nothing of ours', () => {
    expect(layerViolations()).toEqual([]);
  });

  it('notices a forbidden import (the check itself works)', () => {
    const imported = preProcessFile(`import type { X } from '../../modules/crm/x';`, true, true).importedFiles;
    expect(layerOf(resolve(join(SRC, 'core', 'access'), imported[0].fileName))).toBe('modules');
  });
});

describe('module faces', () => {
  it('a module imports another only through its face', () => {
    expect(faceViolations(moduleFiles())).toEqual([]);
  });

  it('a face exports neither a repository nor an entity', () => {
    const { getMetadataArgsStorage } = require('typeorm') as typeof import('typeorm');
    const modules = MODULE_FOLDERS.map((folder) => relative(MODULES, folder)).filter((module) => faceOf(module));
    const exported = modules.flatMap((module) =>
      Object.entries(require(faceOf(module)!) as Record<string, unknown>).map(([name, value]) => ({
        module,
        name,
        value,
      })),
    );
    const entities = new Set(getMetadataArgsStorage().tables.map((table) => table.target));
    const leaks = exported
      .filter(({ name, value }) => name.endsWith('Repository') || entities.has(value as Function))
      .map(({ module, name }) => `${module}.face exports ${name}`);
    expect(leaks).toEqual([]);
  });

  it("the modules' imports form no circle, and no module needs forwardRef", () => {
    const files = moduleFiles();
    expect(circles(moduleGraph(files))).toEqual([]);
    expect(files.filter(({ text }) => /\bforwardRef\(/.test(text)).map(({ path }) => relative(SRC, path))).toEqual([]);
  });

  it("a module's SQL names only its own tables", () => {
    expect(foreignTables(moduleFiles(), tableOwners())).toEqual([]);
  });

  it("a module's vocabulary imports only core, and src/vocabulary.ts only the modules' vocabularies", () => {
    const vocabularies = codeFiles(MODULES).filter(
      (file) => file.endsWith('.vocabulary.ts') && dirname(file) === join(MODULES, moduleOf(file) ?? ''),
    );
    const strays = vocabularies.flatMap((file) =>
      importsOf(file)
        .filter((target) => layerOf(target) !== 'core')
        .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`),
    );
    const collector = join(SRC, 'vocabulary.ts');
    const collected = importsOf(collector).filter(
      (target) => layerOf(target) !== 'core' && !vocabularies.includes(`${target}.ts`),
    );
    expect([...strays, ...collected.map((target) => `vocabulary.ts imports ${relative(SRC, target)}`)]).toEqual([]);
  });

  it('every table and view a migration creates has an owner', () => {
    const owners = tableOwners();
    expect(migratedRelations().filter((relation) => !owners.has(relation))).toEqual([]);
  });
});
