import { Get, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import type { CompanyAccess } from '../access/company-access';
import { DeprecatedAliasOf } from './deprecated-alias';
import { RecordRoutes } from './record-routes';

class Answer {}

class ThingsService {
  setStatus(_company: CompanyAccess, id: string, status: 'active') {
    return Promise.resolve({ id, status });
  }
}

class CanonicalController extends RecordRoutes({
  service: ThingsService,
  param: 'thingId',
  permission: 'crm.clients',
  answer: Answer,
  transitions: { activate: { status: 'active', summary: 'Make it active' } },
}) {
  @Get(':thingId')
  get(_company: CompanyAccess, id: string) {
    return { id };
  }

  plain() {
    return 'not a route';
  }
}

@DeprecatedAliasOf(CanonicalController, '/canonical')
class AliasController extends CanonicalController {}

describe('DeprecatedAliasOf()', () => {
  const own = (name: string) =>
    Object.getOwnPropertyDescriptor(AliasController.prototype, name)?.value as (...args: unknown[]) => unknown;

  it.each([
    ['get', ':thingId', RequestMethod.GET],
    ['activate', ':thingId/activate', RequestMethod.POST],
  ])(
    'serves %s (own or inherited from RecordRoutes) as a deprecated alias calling the original',
    async (name, path, method) => {
      const alias = own(name);
      expect(alias).toBeDefined();
      expect(alias).not.toBe((CanonicalController.prototype as unknown as Record<string, unknown>)[name]);
      expect(Reflect.getMetadata(PATH_METADATA, alias)).toBe(path);
      expect(Reflect.getMetadata(METHOD_METADATA, alias)).toBe(method);
      expect(Reflect.getMetadata(DECORATORS.API_OPERATION, alias)).toMatchObject({ deprecated: true });
      await expect(
        Promise.resolve(alias.call(new AliasController(new ThingsService()), {}, 'id-1')),
      ).resolves.toMatchObject({
        id: 'id-1',
      });
    },
  );

  it('leaves the canonical routes undeprecated, and plain methods unaliased', () => {
    const activate = (CanonicalController.prototype as unknown as Record<string, unknown>).activate as object;
    expect(Reflect.getMetadata(DECORATORS.API_OPERATION, activate)?.deprecated).toBeUndefined();
    expect(own('plain')).toBeUndefined();
  });
});
