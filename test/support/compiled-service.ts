import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/**
 * Transpiles the project's `src` into `into` (a directory inside the project, where its packages
 * resolve), file by file and without a type check, as `ts-node/register/transpile-only` does in
 * each process it starts; other files (JSON) are copied. The suites that run the service or a
 * CLI in a process of their own then start its JavaScript, in ~3 s, instead of spending ~12 s of
 * a core transpiling the same sources again in every process.
 */
export function transpileSources(into: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const source = join(directory, entry.name);
      if (entry.isDirectory()) {
        visit(source);
        continue;
      }
      if (entry.name.endsWith('.spec.ts')) continue;
      const target = join(into, relative(ROOT, source));
      mkdirSync(dirname(target), { recursive: true });
      if (!entry.name.endsWith('.ts')) {
        copyFileSync(source, target);
        continue;
      }
      const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
        compilerOptions: config.options,
        fileName: source,
      });
      writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
    }
  };
  visit(join(ROOT, 'src'));
}

/**
 * Node's arguments that run an entry point of `src` (`src/main.ts`, `src/cli/…`) as this test
 * run transpiled it (global-setup, TEST_BUILD_DIR), from the project's root as working directory.
 */
export function compiledScript(script: string): string[] {
  const build = process.env.TEST_BUILD_DIR;
  if (!build) throw new Error('TEST_BUILD_DIR is unset: the e2e global setup transpiles the sources');
  return [join(build, script.replace(/\.ts$/, '.js'))];
}
