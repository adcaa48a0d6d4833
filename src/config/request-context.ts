import type { DynamicModule, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClsModule, type ClsModuleOptions } from 'nestjs-cls';

const ENHANCERS: readonly unknown[] = [APP_GUARD, APP_INTERCEPTOR];

const isEnhancer = (provider: Provider) =>
  typeof provider === 'object' && 'provide' in provider && ENHANCERS.includes(provider.provide);

/**
 * ClsModule.forRoot, the request context set up by its middleware only. nestjs-cls registers a
 * global guard and a global interceptor whether or not they are mounted; unmounted they do
 * nothing, yet Nest runs them on every request, the interceptor with an Observable, an
 * AsyncResource and an rxjs merge of its own (issue 29). Mounting either is refused here, since
 * it would now silently not run.
 */
export function requestContextModule(options: ClsModuleOptions): DynamicModule {
  if (options.guard?.mount || options.interceptor?.mount) {
    throw new Error('requestContextModule sets the context up in its middleware only');
  }
  const module = ClsModule.forRoot(options);
  return {
    ...module,
    imports: module.imports?.map((imported) =>
      'module' in imported && imported.providers
        ? { ...imported, providers: imported.providers.filter((provider) => !isEnhancer(provider)) }
        : imported,
    ),
  };
}
