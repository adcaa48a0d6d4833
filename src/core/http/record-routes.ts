import { applyDecorators, Body, Get, HttpCode, HttpStatus, Param, Query, Type } from '@nestjs/common';
import { Post, Patch, Delete } from './verbs';
import type { CompanyAccess } from '../access/company-access';
import type { PermissionCode } from '../access/permission-codes';
import type { EndpointOptions } from '../openapi/endpoint.decorator';
import { PreparesFirst } from '../audit/staged-write';
import type { ErrorCode } from './app.exception';
import { type GeneratedRoute, GeneratedRoutes } from './generated-routes';

/** What a route of the group declares: the summary a handler's doc comment would carry, and errors beyond the derived ones. */
export interface RecordRoute {
  summary: string;
  errors?: Partial<Record<ErrorCode, string>>;
}

/** A write whose service method first does what no transaction may wait on (the store) and answers a StagedWrite. */
interface Prepared {
  preparesFirst?: true;
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
      ? RecordRoute & Prepared & { body: Type<Body> }
      : never
    : never;
  /** `GET /:param`, answering `answer` unless another model is named. */
  get?: S extends { get: Handler<[string]> } ? RecordRoute & { answer?: Type } : never;
  /** `PATCH /:param`: only the fields sent change. */
  update?: S extends { update: Handler<[string, infer Body]> }
    ? P extends ReadCodeWith<'update'>
      ? RecordRoute & Prepared & { body: Type<Body> }
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
  create?: RecordRoute & Prepared & { body: Type };
  get?: RecordRoute & { answer?: Type };
  update?: RecordRoute & Prepared & { body: Type };
  delete?: RecordRoute & { answer: Type | 'empty' };
  transitions?: Record<string, StatusTransition<string>>;
}

/**
 * The usual routes of a company resource, declared once per resource instead of a handler each:
 * a controller `extends RecordRoutes({ service, param, permission, answer, list: {...}, … })`
 * and writes only the routes of its own (which Nest and the document list first). The base class
 * injects the service; a controller with routes of its own injects it again under its own name
 * and passes it to `super`.
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
  const endpoint = ({ summary, errors }: RecordRoute, options: EndpointOptions) => ({
    ...options,
    summary,
    ...(errors ? { errors } : {}),
  });
  const prepared = ({ preparesFirst }: Prepared) => (preparesFirst ? [PreparesFirst()] : []);
  // The routes of one record read its id from the path.
  const byId = { paramtypes: [Object, String], params: [Param(param)] };
  const routes: GeneratedRoute[] = [];
  if (list) {
    routes.push({
      name: 'list',
      paramtypes: [Object, list.query],
      params: [Query()],
      route: [Get()],
      endpoint: endpoint(list, {
        permission,
        page: [list.key, answer],
        ...(list.orArrayOf ? { orArrayOf: list.orArrayOf } : {}),
      }),
      call: (records, company, [query]) => records.list(company, query),
    });
  }
  if (create) {
    routes.push({
      name: 'create',
      paramtypes: [Object, create.body],
      params: [Body()],
      route: [Post(), ...prepared(create)],
      endpoint: endpoint(create, { permission: code('create'), answer, status: HttpStatus.CREATED }),
      call: (records, company, [body]) => records.create(company, body),
    });
  }
  if (get) {
    routes.push({
      name: 'get',
      ...byId,
      route: [Get(`:${param}`)],
      endpoint: endpoint(get, { permission, answer: get.answer ?? answer }),
      call: (records, company, [id]) => records.get(company, id),
    });
  }
  if (update) {
    routes.push({
      name: 'update',
      paramtypes: [Object, String, update.body],
      params: [Param(param), Body()],
      route: [Patch(`:${param}`), ...prepared(update)],
      endpoint: endpoint(update, { permission: code('update'), answer }),
      call: (records, company, [id, body]) => records.update(company, id, body),
    });
  }
  if (remove) {
    routes.push({
      name: 'delete',
      ...byId,
      route: [Delete(`:${param}`)],
      endpoint: endpoint(remove, { permission: code('delete'), answer: remove.answer }),
      call: (records, company, [id]) => records.delete(company, id),
    });
  }
  for (const [name, transition] of Object.entries(transitions ?? {})) {
    routes.push({
      name,
      ...byId,
      route: [Post(`:${param}/${name}`), HttpCode(HttpStatus.OK)],
      endpoint: endpoint(transition, { permission: code('update'), answer }),
      call: (records, company, [id]) => records.setStatus(company, id, transition.status),
    });
  }
  return GeneratedRoutes(service as Type<S>, routes);
}

/** The usual pair of transitions: `activate` sets `active`, `deactivate` `inactive`; neither changes a record already so. */
export function activation(noun: string) {
  return {
    activate: { status: 'active', summary: `Make the ${noun} active (no change if it already is)` },
    deactivate: { status: 'inactive', summary: `Make the ${noun} inactive (no change if it already is)` },
  } as const;
}
