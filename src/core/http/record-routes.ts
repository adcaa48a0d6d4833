import {
  applyDecorators,
  Body,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Type,
} from '@nestjs/common';
import { CompanyAccess, CurrentCompany } from '../access/company-access';
import type { PermissionCode } from '../access/permission-codes';
import { Endpoint, type EndpointOptions } from '../openapi/endpoint.decorator';
import type { ErrorCode } from './app.exception';

/** What a route of the group declares: the summary a handler's doc comment would carry, and errors beyond the derived ones. */
export interface RecordRoute {
  summary: string;
  errors?: Partial<Record<ErrorCode, string>>;
}

/** One status transition route: the status it sets, its summary, and its errors beyond the derived ones. */
export interface StatusTransition<S extends string> extends RecordRoute {
  status: S;
}

type Handler<Args extends unknown[]> = (company: CompanyAccess, ...args: Args) => Promise<unknown>;

/** The read code `p` of a resource whose `p.<suffix>` code is declared too (`crm.clients` for `crm.clients.create`). */
type ReadCodeWith<Suffix extends string> = PermissionCode extends infer Code
  ? Code extends `${infer Read}.${Suffix}`
    ? Read
    : never
  : never;

/**
 * A company resource's routes, declared once: for each route named, its handler calls the
 * service's method of the same name with the caller's company and what the route reads
 * (`list(company, query)`, `create(company, body)`, `get(company, id)`, `update(company, id, body)`,
 * `delete(company, id)`, `setStatus(company, id, status)`). The service's types check the DTOs.
 */
export interface RecordRoutesDeclaration<S, P extends PermissionCode> {
  /** The service the controller injects; its methods answer the routes. */
  service: Type<S>;
  /** The path parameter naming one record (`clientId`). */
  param: string;
  /** The code that guards the reads; a write is guarded by `<permission>.create`, `.update` or `.delete`. */
  permission: P;
  /** What a create, a read of one record, an update and a transition answer. */
  answer: Type;
  /** `GET /`: a page of records under `key`. */
  list?: S extends { list: Handler<[infer Query]> }
    ? RecordRoute & { key: string; query: Type<Query>; orArrayOf?: Type }
    : never;
  /** `POST /`: 201 with the record. */
  create?: S extends { create: Handler<[infer Body]> }
    ? P extends ReadCodeWith<'create'>
      ? RecordRoute & { body: Type<Body> }
      : never
    : never;
  /** `GET /:param`, answering `answer` unless another model is named. */
  get?: S extends { get: Handler<[string]> } ? RecordRoute & { answer?: Type } : never;
  /** `PATCH /:param`: only the fields sent change. */
  update?: S extends { update: Handler<[string, infer Body]> }
    ? P extends ReadCodeWith<'update'>
      ? RecordRoute & { body: Type<Body> }
      : never
    : never;
  /** `DELETE /:param`. */
  delete?: S extends { delete: Handler<[string]> }
    ? P extends ReadCodeWith<'delete'>
      ? RecordRoute & { answer: Type | 'empty' }
      : never
    : never;
  /** `POST /:param/<name>` per entry, answering 200 with `answer`, guarded by `<permission>.update`. */
  transitions?: S extends { setStatus: Handler<[string, infer Status]> }
    ? P extends ReadCodeWith<'update'>
      ? Record<string, StatusTransition<Status & string>>
      : never
    : never;
}

/** A declaration as the function reads it. */
interface DeclaredRoutes {
  service: Type;
  param: string;
  permission: PermissionCode;
  answer: Type;
  list?: RecordRoute & { key: string; query: Type; orArrayOf?: Type };
  create?: RecordRoute & { body: Type };
  get?: RecordRoute & { answer?: Type };
  update?: RecordRoute & { body: Type };
  delete?: RecordRoute & { answer: Type | 'empty' };
  transitions?: Record<string, StatusTransition<string>>;
}

/** A handler of the group: how it reads its arguments and calls the service, and how the route is declared. */
interface GeneratedRoute {
  name: string;
  /** What TypeScript would emit as `design:paramtypes` for the handler's parameters (the ValidationPipe reads them). */
  paramtypes: unknown[];
  /** The parameter decorators after `@CurrentCompany()`, by position. */
  params: ParameterDecorator[];
  /** The verb decorator with its path, then those written between it and `@Endpoint` (a 200 POST's `@HttpCode`). */
  route: MethodDecorator[];
  endpoint: EndpointOptions;
  call: (service: Record<string, Handler<unknown[]>>, company: CompanyAccess, args: unknown[]) => Promise<unknown>;
}

/**
 * The usual routes of a company resource, declared once per resource instead of a handler each:
 * a controller `extends RecordRoutes({ service, param, permission, answer, list: {...}, … })`
 * and writes only the routes of its own (which Nest and the document list first: the group's
 * handlers are the base class's methods). The base class injects the service; a controller with
 * routes of its own injects it again under its own name and passes it to `super`.
 */
export function RecordRoutes<S, P extends PermissionCode>(declaration: RecordRoutesDeclaration<S, P>) {
  // The conditional types above check a controller's declaration; here each route is read as declared.
  const {
    service,
    param,
    permission,
    answer,
    list,
    create,
    get,
    update,
    delete: remove,
    transitions,
  } = declaration as unknown as DeclaredRoutes;
  const code = (suffix: string) => `${permission}.${suffix}` as PermissionCode;
  const routes: GeneratedRoute[] = [];
  if (list) {
    routes.push({
      name: 'list',
      paramtypes: [Object, list.query],
      params: [Query()],
      route: [Get()],
      endpoint: { permission, page: [list.key, answer], ...(list.orArrayOf ? { orArrayOf: list.orArrayOf } : {}) },
      call: (records, company, [query]) => records.list(company, query),
    });
  }
  if (create) {
    routes.push({
      name: 'create',
      paramtypes: [Object, create.body],
      params: [Body()],
      route: [Post()],
      endpoint: { permission: code('create'), answer, status: HttpStatus.CREATED },
      call: (records, company, [body]) => records.create(company, body),
    });
  }
  if (get) {
    routes.push({
      name: 'get',
      paramtypes: [Object, String],
      params: [Param(param)],
      route: [Get(`:${param}`)],
      endpoint: { permission, answer: get.answer ?? answer },
      call: (records, company, [id]) => records.get(company, id),
    });
  }
  if (update) {
    routes.push({
      name: 'update',
      paramtypes: [Object, String, update.body],
      params: [Param(param), Body()],
      route: [Patch(`:${param}`)],
      endpoint: { permission: code('update'), answer },
      call: (records, company, [id, body]) => records.update(company, id, body),
    });
  }
  if (remove) {
    routes.push({
      name: 'delete',
      paramtypes: [Object, String],
      params: [Param(param)],
      route: [Delete(`:${param}`)],
      endpoint: { permission: code('delete'), answer: remove.answer },
      call: (records, company, [id]) => records.delete(company, id),
    });
  }
  const declared: Record<string, RecordRoute | undefined> = {
    list,
    create,
    get,
    update,
    delete: remove,
    ...transitions,
  };
  for (const [name, { status }] of Object.entries(transitions ?? {})) {
    routes.push({
      name,
      paramtypes: [Object, String],
      params: [Param(param)],
      route: [Post(`:${param}/${name}`), HttpCode(HttpStatus.OK)],
      endpoint: { permission: code('update'), answer },
      call: (records, company, [id]) => records.setStatus(company, id, status),
    });
  }

  abstract class RecordRouteHandlers {
    constructor(protected readonly records: S) {}
  }
  // What TypeScript would emit for `constructor(records: S)`: Nest injects the service by it.
  Reflect.defineMetadata('design:paramtypes', [service], RecordRouteHandlers);
  const prototype = RecordRouteHandlers.prototype as unknown as Record<string, unknown>;
  for (const route of routes) {
    const { summary, errors } = declared[route.name]!;
    // A method named as the route (Nest and the document read the handler's name).
    const { [route.name]: handler } = {
      [route.name](this: RecordRouteHandlers, company: CompanyAccess, ...args: unknown[]) {
        return route.call(this.records as Record<string, Handler<unknown[]>>, company, args);
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
    applyDecorators(
      Endpoint({ ...route.endpoint, summary, ...(errors ? { errors } : {}) }),
      ...[...route.route].reverse(),
    )(prototype, route.name, Object.getOwnPropertyDescriptor(prototype, route.name)!);
  }
  return RecordRouteHandlers;
}
