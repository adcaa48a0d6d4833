import { Get, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import type { CompanyAccess } from '../access/company-access';
import { DeprecatedAliasOf } from './deprecated-alias';
import { StatusRoutes } from './status-routes';

class Answer {}

class CanonicalController extends StatusRoutes({
  param: 'thingId',
  permission: 'crm.clients.update',
  answer: Answer,
  routes: { activate: { status: 'active', summary: 'Make it active' } },
}) {
  @Get(':thingId')
  get(_company: CompanyAccess, id: string) {
    return { id };
  }

  setStatus(_company: CompanyAccess, id: string, status: string) {
    return Promise.resolve({ id, status });
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
    'serves %s (own or inherited from StatusRoutes) as a deprecated alias calling the original',
    async (name, path, method) => {
      const alias = own(name);
      expect(alias).toBeDefined();
      expect(alias).not.toBe((CanonicalController.prototype as unknown as Record<string, unknown>)[name]);
      expect(Reflect.getMetadata(PATH_METADATA, alias)).toBe(path);
      expect(Reflect.getMetadata(METHOD_METADATA, alias)).toBe(method);
      expect(Reflect.getMetadata(DECORATORS.API_OPERATION, alias)).toMatchObject({ deprecated: true });
      await expect(Promise.resolve(alias.call(new AliasController(), {}, 'id-1'))).resolves.toMatchObject({
        id: 'id-1',
      });
    },
  );

  it('leaves the canonical routes undeprecated, and plain methods (setStatus) unaliased', () => {
    const activate = (CanonicalController.prototype as unknown as Record<string, unknown>).activate as object;
    expect(Reflect.getMetadata(DECORATORS.API_OPERATION, activate)?.deprecated).toBeUndefined();
    expect(own('setStatus')).toBeUndefined();
  });
});
