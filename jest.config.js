/**
 * Two projects: unit specs beside the code, end-to-end specs in test/e2e that boot the real
 * application against a real PostgreSQL and an S3-compatible server (see test/support).
 */
const tsJest = {
  '^.+\\.ts$': [
    'ts-jest',
    {
      tsconfig: 'tsconfig.json',
      // The same Swagger plugin as `nest build`, so the OpenAPI document under test is the real one.
      astTransformers: { before: ['<rootDir>/test/support/swagger-transformer.js'] },
    },
  ],
};

module.exports = {
  testTimeout: 30000,
  // Two jest processes even on two cores (jest's default there is one, in band): an e2e suite
  // waits on PostgreSQL, the store and child processes about half its time. Suites that need the
  // database to themselves say `@own-database` (test/support/shared-app-environment.ts).
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: '.',
      // test/ops: checks of the deployment files (docker/), which need no running service.
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/ops/**/*.spec.ts'],
      transform: tsJest,
    },
    {
      displayName: 'e2e',
      // Node's environment, plus one application per jest process for the suites that share it.
      testEnvironment: '<rootDir>/test/support/shared-app-environment.ts',
      rootDir: '.',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform: tsJest,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
