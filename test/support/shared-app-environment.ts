import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { createScriptTransformer } from '@jest/transform';
import type { Config } from '@jest/types';
import NodeEnvironment from 'jest-environment-node';
import { basename, join, sep } from 'node:path';
import { addHook } from 'pirates';
import type { TestInfrastructure } from './global-setup';
import type * as OwnDatabaseModule from './own-database';
import { OWN_DATABASE_PRAGMA, SHARED_APP_PRAGMA, SHARED_APP_URL, SHARED_APP_VIOLATIONS } from './shared-app';
import type * as TestAppModule from './test-app';

/** jest-worker's message asking a worker process to end (CHILD_MESSAGE_END in jest-worker's types). */
const WORKER_END = 2;

/** CommonJS, as jest itself loads global setup. */
const COMMONJS = {
  instrument: false,
  supportsDynamicImport: false,
  supportsExportNamespaceFrom: false,
  supportsStaticESM: false,
  supportsTopLevelAwait: false,
};

/** This process's shared application, while one runs. */
let shared: Promise<TestAppModule.TestApp> | undefined;
/** Node's loader for the application's TypeScript, installed once. */
let typescript: Promise<void> | undefined;

/**
 * Node loads the application's TypeScript through jest's transform (the Swagger plugin
 * included) for the life of the process: the plugin's metadata requires DTO files lazily, when
 * the OpenAPI document is built. Global setup and teardown keep jest's own hook.
 */
async function loadTypeScript(projectConfig: Config.ProjectConfig): Promise<void> {
  const transformer = await createScriptTransformer(projectConfig);
  const roots = [join(projectConfig.rootDir, 'src') + sep, join(projectConfig.rootDir, 'test', 'support') + sep];
  addHook((code, filename) => transformer.transformSource(filename, code, COMMONJS).code, {
    exts: ['.ts'],
    matcher: (filename) =>
      roots.some((root) => filename.startsWith(root)) && !/global-(setup|teardown)\.ts$/.test(filename),
  });
  closeAtEnd(stopSharedApp);
}

/** A migrated database of the suite's own (test/support/own-database.ts), through the same loader. */
async function ownDatabase(projectConfig: Config.ProjectConfig, label: string): Promise<OwnDatabaseModule.OwnDatabase> {
  await (typescript ??= loadTypeScript(projectConfig));
  const { createOwnDatabase } = require('./own-database') as typeof OwnDatabaseModule;
  return createOwnDatabase(label);
}

async function startSharedApp(projectConfig: Config.ProjectConfig): Promise<TestAppModule.TestApp> {
  await (typescript ??= loadTypeScript(projectConfig));
  const { createTestApp } = require('./test-app') as typeof TestAppModule;
  const t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  return t;
}

async function sharedAppUrl(projectConfig: Config.ProjectConfig): Promise<string> {
  return (await (shared ??= startSharedApp(projectConfig))).app.getUrl();
}

/** Closes the shared application (a later suite that asks boots it again, its modules already loaded). */
async function stopSharedApp(): Promise<void> {
  const running = shared;
  shared = undefined;
  if (running) await (await running).close();
}

/**
 * The application closes before the database and the S3 server go: run in band (one process),
 * as the first of global teardown's stops; in a worker process, when jest ends the worker.
 */
function closeAtEnd(close: () => Promise<void>): void {
  const infrastructure = (globalThis as { testInfrastructure?: TestInfrastructure }).testInfrastructure;
  if (infrastructure) {
    infrastructure.stops.push(close);
    return;
  }
  // A listener keeps the worker's channel to jest open: it goes with the application.
  const onMessage = (message: unknown) => {
    if (!Array.isArray(message) || message[0] !== WORKER_END) return;
    process.off('message', onMessage);
    void close();
  };
  process.on('message', onMessage);
}

/**
 * The e2e suites' environment. Each suite file runs in its own module registry, so an
 * application made inside it is made again (its modules loaded and compiled again) for every
 * file; this environment module is loaded once per jest process (a worker, or jest itself when
 * it runs in band), so the application it boots serves every suite of that process that says
 * `@shared-app` in its docblock, over HTTP (test/support/shared-app.ts). Before any other
 * suite the shared application closes, so no second application of this process runs beside it.
 *
 * Two jest processes run at once (jest.config.js), each with its applications on the run's
 * database. A suite that says `@own-database` gets a migrated database of its own as its
 * DATABASE_URL, dropped after it: a suite whose assertions hold only if nobody else writes
 * (platform-wide totals against a recount, the newest companies, connections idle in a
 * transaction) or whose rows only its own workers may take (webhook deliveries to a loopback
 * receiver, the snapshot lease).
 */
export default class SharedAppEnvironment extends NodeEnvironment {
  private readonly projectConfig: Config.ProjectConfig;
  private readonly sharesApp: boolean;
  /** The suite's own database's label (its file's name), when it asks for one. */
  private readonly ownDatabaseLabel: string | undefined;
  private ownDatabase: OwnDatabaseModule.OwnDatabase | undefined;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.projectConfig = config.projectConfig;
    this.sharesApp = SHARED_APP_PRAGMA in context.docblockPragmas;
    if (OWN_DATABASE_PRAGMA in context.docblockPragmas) {
      if (this.sharesApp)
        throw new Error(`${context.testPath}: a suite on the shared application uses the run's database`);
      // Short enough that the database's name stays within PostgreSQL's 63 bytes.
      this.ownDatabaseLabel = basename(context.testPath, '.e2e-spec.ts').replace(/\W/g, '_').slice(0, 16);
    }
  }

  async setup(): Promise<void> {
    await super.setup();
    if (this.sharesApp) {
      this.global[SHARED_APP_URL] = () => sharedAppUrl(this.projectConfig);
      this.global[SHARED_APP_VIOLATIONS] = async () => (shared ? (await shared).takeViolations() : []);
      return;
    }
    await stopSharedApp();
    if (this.ownDatabaseLabel !== undefined) {
      this.ownDatabase = await ownDatabase(this.projectConfig, this.ownDatabaseLabel);
      // The suite's process object is its own copy: the run's other suites keep the run's database.
      this.global.process.env.DATABASE_URL = this.ownDatabase.url;
    }
  }

  async teardown(): Promise<void> {
    await super.teardown();
    await this.ownDatabase?.drop();
  }
}
