import { HttpStatus, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { CompanyAccess } from '../access/company-access';
import { REQUIRED_PERMISSION } from '../access/company-route.decorators';
import { StatusRoutes, type StatusTransitions } from './status-routes';

class Answer {}

const transitions: StatusTransitions<'active' | 'closed'> = {
  routes: {
    activate: { status: 'active', summary: 'Make it active' },
    close: { status: 'closed', summary: 'Close it' },
  },
  answer: Answer,
  param: 'thingId',
  permission: 'crm.clients.update',
};

class ProbeController extends StatusRoutes(transitions) {
  readonly calls: Array<[string, string]> = [];

  setStatus(_company: CompanyAccess, id: string, status: string) {
    this.calls.push([id, status]);
    return Promise.resolve({ id, status });
  }
}

describe('StatusRoutes()', () => {
  const routes = ProbeController.prototype as unknown as Record<string, (company: unknown, id: string) => unknown>;

  it.each([
    ['activate', 'active'],
    ['close', 'closed'],
  ])('%s: POST :thingId/%s answering 200, guarded by the permission, sets %s', async (name, status) => {
    const handler = routes[name];
    expect(handler.name).toBe(name);
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(`:thingId/${name}`);
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.POST);
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(HttpStatus.OK);
    expect(Reflect.getMetadata(REQUIRED_PERMISSION, handler)).toBe('crm.clients.update');
    const controller = new ProbeController();
    await expect(handler.call(controller, {}, 'id-1')).resolves.toEqual({ id: 'id-1', status });
    expect(controller.calls).toEqual([['id-1', status]]);
  });
});
