import { applyDecorators, HttpCode, HttpStatus, Param, Post, Type } from '@nestjs/common';
import { CompanyAccess, CurrentCompany } from '../access/company-access';
import type { PermissionCode } from '../access/permission-codes';
import type { ErrorCode } from './app.exception';
import { Endpoint } from '../openapi/endpoint.decorator';

/** One status transition route: the status it sets, its summary, and its errors beyond the derived ones. */
export interface StatusTransition<S extends string> {
  status: S;
  summary: string;
  errors?: Partial<Record<ErrorCode, string>>;
}

/** A resource's status transitions: the path id, the permission and answer they share, one entry per route. */
export interface StatusTransitions<S extends string> {
  param: string;
  permission: PermissionCode;
  answer: Type;
  routes: Record<string, StatusTransition<S>>;
}

/**
 * The routes that move a resource between statuses, declared once per resource: for each entry
 * of `routes`, `POST :<param>/<name>` answering 200 with `answer`, guarded by `permission`,
 * which calls the controller's `setStatus(company, id, status)`. A controller extends
 * `StatusRoutes({...})`; its transitions are its last routes (they are the base class's methods,
 * so Nest and the document list them after the controller's own).
 */
export function StatusRoutes<S extends string>(transitions: StatusTransitions<S>) {
  abstract class StatusTransitionRoutes {
    abstract setStatus(company: CompanyAccess, id: string, status: S): Promise<unknown>;
  }
  const prototype = StatusTransitionRoutes.prototype as unknown as Record<string, unknown>;
  for (const [name, { status, summary, errors }] of Object.entries(transitions.routes)) {
    // A method named as the route (Nest and the document read the handler's name).
    const { [name]: handler } = {
      [name](this: StatusTransitionRoutes, company: CompanyAccess, id: string) {
        return this.setStatus(company, id, status);
      },
    };
    Object.defineProperty(prototype, name, { value: handler, writable: true, configurable: true });
    // What TypeScript would emit for `(@CurrentCompany() company: CompanyAccess, @Param(…) id: string)`.
    Reflect.defineMetadata('design:paramtypes', [Object, String], prototype, name);
    CurrentCompany()(prototype, name, 0);
    Param(transitions.param)(prototype, name, 1);
    // In the order of `@Post(…) @HttpCode(…) @Endpoint(…)` written above a handler (applied bottom up).
    applyDecorators(
      Endpoint({
        permission: transitions.permission,
        summary,
        answer: transitions.answer,
        ...(errors ? { errors } : {}),
      }),
      HttpCode(HttpStatus.OK),
      Post(`:${transitions.param}/${name}`),
    )(prototype, name, Object.getOwnPropertyDescriptor(prototype, name)!);
  }
  return StatusTransitionRoutes;
}
