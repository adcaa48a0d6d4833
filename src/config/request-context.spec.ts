import type { DynamicModule, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClsModule } from 'nestjs-cls';
import { requestContextModule } from './request-context';

/** The tokens of every provider the module and the modules it imports declare. */
function providedTokens(module: DynamicModule): unknown[] {
  const own = (module.providers ?? []).map((provider: Provider) =>
    typeof provider === 'object' && 'provide' in provider ? provider.provide : provider,
  );
  const imported = (module.imports ?? []).flatMap((child) =>
    'module' in child ? providedTokens(child as DynamicModule) : [],
  );
  return [...own, ...imported];
}

describe('requestContextModule', () => {
  const options = { global: true, middleware: { mount: true } };

  it('declares no global guard or interceptor, where ClsModule.forRoot declares one of each', () => {
    expect(providedTokens(ClsModule.forRoot(options))).toEqual(expect.arrayContaining([APP_GUARD, APP_INTERCEPTOR]));
    const tokens = providedTokens(requestContextModule(options));
    expect(tokens).not.toContain(APP_GUARD);
    expect(tokens).not.toContain(APP_INTERCEPTOR);
  });

  it("keeps the rest of ClsModule.forRoot's providers", () => {
    const enhancer = (token: unknown) => token === APP_GUARD || token === APP_INTERCEPTOR;
    expect(providedTokens(requestContextModule(options))).toEqual(
      providedTokens(ClsModule.forRoot(options)).filter((token) => !enhancer(token)),
    );
  });

  it('refuses a mounted guard or interceptor, which would not run', () => {
    expect(() => requestContextModule({ ...options, guard: { mount: true } })).toThrow();
    expect(() => requestContextModule({ ...options, interceptor: { mount: true } })).toThrow();
  });
});
