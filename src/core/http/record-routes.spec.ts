import { HttpStatus, RequestMethod } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PARAMTYPES_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import type { CompanyAccess } from '../access/company-access';
import { REQUIRED_PERMISSION } from '../access/company-route.decorators';
import { RecordRoutes } from './record-routes';

class Answer {}
class ListQuery {}
class CreateBody {
  name!: string;
}
class UpdateBody {
  name?: string;
}
class Deleted {}

/** A service that records each call and answers what it was given. */
class ThingsService {
  readonly calls: unknown[][] = [];
  private answer(...call: unknown[]) {
    this.calls.push(call);
    return Promise.resolve(call);
  }
  list(_company: CompanyAccess, query: ListQuery) {
    return this.answer('list', query);
  }
  create(_company: CompanyAccess, body: CreateBody) {
    return this.answer('create', body);
  }
  get(_company: CompanyAccess, id: string) {
    return this.answer('get', id);
  }
  update(_company: CompanyAccess, id: string, body: UpdateBody) {
    return this.answer('update', id, body);
  }
  delete(_company: CompanyAccess, id: string) {
    return this.answer('delete', id);
  }
  setStatus(_company: CompanyAccess, id: string, status: 'active' | 'closed') {
    return this.answer('setStatus', id, status);
  }
}

class ProbeController extends RecordRoutes({
  service: ThingsService,
  param: 'thingId',
  permission: 'dm.statuses',
  answer: Answer,
  list: { key: 'things', query: ListQuery, summary: 'Things' },
  create: { body: CreateBody, summary: 'Create a thing' },
  get: { summary: 'One thing' },
  update: { body: UpdateBody, summary: 'Change a thing', errors: { conflict: 'why' } },
  delete: { answer: Deleted, summary: 'Delete a thing' },
  transitions: {
    activate: { status: 'active', summary: 'Make it active' },
    close: { status: 'closed', summary: 'Close it' },
  },
}) {}

describe('RecordRoutes()', () => {
  const routes = ProbeController.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const company = {} as CompanyAccess;

  it.each([
    ['list', '/', RequestMethod.GET, 'dm.statuses', [Object, ListQuery], ['q'], ['list', 'q']],
    ['create', '/', RequestMethod.POST, 'dm.statuses.create', [Object, CreateBody], ['b'], ['create', 'b']],
    ['get', ':thingId', RequestMethod.GET, 'dm.statuses', [Object, String], ['id-1'], ['get', 'id-1']],
    [
      'update',
      ':thingId',
      RequestMethod.PATCH,
      'dm.statuses.update',
      [Object, String, UpdateBody],
      ['id-1', 'b'],
      ['update', 'id-1', 'b'],
    ],
    ['delete', ':thingId', RequestMethod.DELETE, 'dm.statuses.delete', [Object, String], ['id-1'], ['delete', 'id-1']],
    [
      'activate',
      ':thingId/activate',
      RequestMethod.POST,
      'dm.statuses.update',
      [Object, String],
      ['id-1'],
      ['setStatus', 'id-1', 'active'],
    ],
    [
      'close',
      ':thingId/close',
      RequestMethod.POST,
      'dm.statuses.update',
      [Object, String],
      ['id-1'],
      ['setStatus', 'id-1', 'closed'],
    ],
  ])('%s: %s %s, guarded by %s, calls the service', async (name, path, method, permission, paramtypes, args, call) => {
    const handler = routes[name];
    expect(handler.name).toBe(name);
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(path);
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(method);
    expect(Reflect.getMetadata(REQUIRED_PERMISSION, handler)).toBe(permission);
    expect(Reflect.getMetadata(PARAMTYPES_METADATA, ProbeController.prototype, name)).toEqual(paramtypes);
    expect(Object.keys(Reflect.getMetadata(ROUTE_ARGS_METADATA, ProbeController, name))).toHaveLength(
      paramtypes.length,
    );
    const service = new ThingsService();
    await expect(handler.call(new ProbeController(service), company, ...args)).resolves.toEqual(call);
    expect(service.calls).toEqual([call]);
  });

  it('documents each route with its summary; a transition answers 200, a create 201', () => {
    expect(Reflect.getMetadata(DECORATORS.API_OPERATION, routes.update)).toEqual({ summary: 'Change a thing' });
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, routes.activate)).toBe(HttpStatus.OK);
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, routes.create)).toBeUndefined();
    expect(Object.keys(Reflect.getMetadata(DECORATORS.API_RESPONSE, routes.create))).toContain('201');
  });

  it('has Nest inject the declared service', () => {
    expect(Reflect.getMetadata(PARAMTYPES_METADATA, ProbeController)).toEqual([ThingsService]);
  });
});
