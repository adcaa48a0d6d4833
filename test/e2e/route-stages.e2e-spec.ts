import { RequestMethod, type Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { WriteStagesInterceptor } from '../../src/core/http/write-stages.interceptor';
import { createTestApp, type TestApp } from '../support/test-app';

const READS = new Set([RequestMethod.GET, RequestMethod.HEAD]);

const named = (interceptors: unknown[]) => interceptors.map((interceptor) => (interceptor as Type).name ?? interceptor);

/**
 * Issue 29: a read runs no interceptor (Nest builds an rxjs chain around every handler that has
 * one, a sixth of a list request's CPU); every route that writes runs WriteStagesInterceptor
 * (the Idempotency-Key's answer, the audited transaction, the database quota), brought by the
 * write verbs of src/core/http/verbs.ts.
 */
describe('interceptors by verb', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every write runs WriteStagesInterceptor, once; no read runs any; none is global', () => {
    const discovery = t.app.get(DiscoveryService);
    const scanner = t.app.get(MetadataScanner);
    const wrong: string[] = [];
    const counted = { reads: 0, writes: 0 };
    for (const { instance, metatype } of discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, () => unknown>;
      const onClass = (Reflect.getMetadata(INTERCEPTORS_METADATA, metatype) as unknown[] | undefined) ?? [];
      for (const name of scanner.getAllMethodNames(prototype)) {
        const method = Reflect.getMetadata(METHOD_METADATA, prototype[name]) as RequestMethod | undefined;
        if (method === undefined) continue;
        const onHandler = (Reflect.getMetadata(INTERCEPTORS_METADATA, prototype[name]) as unknown[] | undefined) ?? [];
        const read = READS.has(method);
        counted[read ? 'reads' : 'writes']++;
        const runs = named([...onClass, ...onHandler]);
        if (JSON.stringify(runs) !== JSON.stringify(read ? [] : [WriteStagesInterceptor.name])) {
          wrong.push(`${(metatype as Type).name}.${name} (${RequestMethod[method]}) runs [${runs.join(', ')}]`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(counted.reads).toBeGreaterThan(80);
    expect(counted.writes).toBeGreaterThan(80);
    expect(t.app.get(ApplicationConfig).getGlobalInterceptors()).toEqual([]);
  });
});
