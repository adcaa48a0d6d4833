import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { preProcessFile } from 'typescript';

/**
 * The dependency rule of docs/architecture.md, checked over every import in src/ (type-only
 * imports included): core depends on no module, database depends on no core, common on nothing.
 */
const SRC = __dirname;

/** What each layer must never import. */
const FORBIDDEN: Record<string, string[]> = {
  core: ['modules'],
  database: ['core', 'modules'],
  common: ['core', 'database', 'modules', 'config'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** `core`, `modules`, … : the top folder of src a file or import target is in. */
const layerOf = (path: string) => relative(SRC, path).split(/[\\/]/)[0];

function violations(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const forbidden = FORBIDDEN[layerOf(file)] ?? [];
    return preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) => forbidden.includes(layerOf(resolve(dirname(file), specifier))))
      .map((specifier) => `${relative(SRC, file)} imports ${specifier}`);
  });
}

describe('dependency rule', () => {
  it('core imports no module; database imports neither core nor modules; common imports nothing of ours', () => {
    expect(violations()).toEqual([]);
  });

  it('notices a forbidden import (the check itself works)', () => {
    const imported = preProcessFile(`import type { X } from '../../modules/crm/x';`, true, true).importedFiles;
    expect(layerOf(resolve(join(SRC, 'core', 'access'), imported[0].fileName))).toBe('modules');
  });
});
