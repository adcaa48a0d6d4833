import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { EnvelopingExpressAdapter } from '../../src/core/http/enveloping-express-adapter';
import { withClientAddresses } from './client-addresses';
import { checkingResponses } from './response-validator';

export interface TestApp {
  app: NestExpressApplication;
  http: TestAgent;
  /** The answers so far that contradicted docs/openapi.json (then a new list starts); close() fails on any left. */
  takeViolations(): string[];
  close(): Promise<void>;
}

/**
 * Boots the real AppModule, configured exactly as main.ts does, against the run's database
 * and S3 server. `extraControllers` lets a test add a route (e.g. one that fails on purpose);
 * `extraModules` adds modules (e.g. one whose routes use a module's exported service).
 */
export async function createTestApp(extraControllers: Type[] = [], extraModules: Type[] = []): Promise<TestApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule, ...extraModules],
    controllers: extraControllers,
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new EnvelopingExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  await app.init();
  return checkingResponses({ app, http: withClientAddresses(request(app.getHttpServer())), close: () => app.close() });
}
