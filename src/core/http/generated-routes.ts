import { applyDecorators, Type } from '@nestjs/common';
import { CompanyAccess, CurrentCompany } from '../access/company-access';
import { Endpoint, type EndpointOptions } from '../openapi/endpoint.decorator';

/** A company route's handler made at run time: how it reads its arguments, whom it calls, and how it is declared. */
export interface GeneratedRoute {
  /** The handler's name (the operation id derives from it). */
  name: string;
  /** What TypeScript would emit as `design:paramtypes` for the handler's parameters (the ValidationPipe reads them). */
  paramtypes: unknown[];
  /** The parameter decorators after `@CurrentCompany()`, by position. */
  params: ParameterDecorator[];
  /** The verb decorator with its path, then the route's other decorators (a 200 POST's `@HttpCode`, `@PreparesFirst`). */
  route: MethodDecorator[];
  /** `@Endpoint`, with the summary a handler's doc comment would carry (no comment stands above a generated handler). */
  endpoint: EndpointOptions & { summary: string };
  /**
   * The handler's body, given the injected provider, the caller's company and the other arguments
   * (`any`: the declaration that made the route checked them against the provider's methods).
   */
  call: (provider: any, company: CompanyAccess, args: any[]) => Promise<unknown>;
}

/**
 * A base class for a controller whose routes are declared as data: it injects `provider` and
 * has one handler per route, each decorated as the same handler written out would be. Nest and
 * the document list them after the controller's own routes (they are the base class's methods).
 */
export function GeneratedRoutes<P>(provider: Type<P>, routes: GeneratedRoute[]) {
  abstract class GeneratedRouteHandlers {
    constructor(protected readonly provider: P) {}
  }
  // What TypeScript would emit for `constructor(provider: P)`: Nest injects the provider by it.
  Reflect.defineMetadata('design:paramtypes', [provider], GeneratedRouteHandlers);
  const prototype = GeneratedRouteHandlers.prototype as unknown as Record<string, unknown>;
  for (const route of routes) {
    // A method named as the route (Nest and the document read the handler's name).
    const { [route.name]: handler } = {
      [route.name](this: GeneratedRouteHandlers, company: CompanyAccess, ...args: unknown[]) {
        return route.call(this.provider, company, args);
      },
    };
    Object.defineProperty(prototype, route.name, { value: handler, writable: true, configurable: true });
    Reflect.defineMetadata('design:paramtypes', route.paramtypes, prototype, route.name);
    // Applied last to first, as TypeScript applies the decorators written on a handler's parameters.
    for (let position = route.params.length; position > 0; position--) {
      route.params[position - 1](prototype, route.name, position);
    }
    CurrentCompany()(prototype, route.name, 0);
    // In the order of `@Get(…) @Endpoint(…)` written above a handler (applied bottom up).
    applyDecorators(Endpoint(route.endpoint), ...[...route.route].reverse())(
      prototype,
      route.name,
      Object.getOwnPropertyDescriptor(prototype, route.name)!,
    );
  }
  return GeneratedRouteHandlers;
}
