import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppException } from '../http/app.exception';
import { ADMIN_ROUTE, AdminRouteDeclaration } from './admin-route.decorators';
import { AdminGuard, sameSecret } from './admin.guard';

function contextFor(
  declaration: AdminRouteDeclaration | undefined,
  account: { id: string; is_admin: boolean; admin_level: number | null } | undefined,
  headers: Record<string, string> = {},
) {
  const handler = () => undefined;
  if (declaration) Reflect.defineMetadata(ADMIN_ROUTE, declaration, handler);
  const response = { set: jest.fn() };
  const context = {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({
      getRequest: () => ({ auth: account ? { account, credential: { kind: 'session' } } : undefined, headers }),
      getResponse: () => response,
    }),
  } as unknown as ExecutionContext;
  return { context, response };
}

const guard = (keyword?: string) => new AdminGuard(new Reflector(), { get: () => keyword } as never);
const admin = (level: number) => ({ id: 'a', is_admin: true, admin_level: level });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppException ? `${error.code}: ${error.message}` : String(error);
  }
  return 'allowed';
};

describe('AdminGuard', () => {
  it('leaves routes without @AdminRoute alone', () => {
    expect(guard().canActivate(contextFor(undefined, undefined).context)).toBe(true);
  });

  it('needs an administrator of the declared level, and says which is missing', () => {
    const route = { level: 3, critical: false } as const;
    expect(refusal(() => guard().canActivate(contextFor(route, undefined).context))).toMatch(/^unauthorized/);
    expect(
      refusal(() => guard().canActivate(contextFor(route, { id: 'm', is_admin: false, admin_level: null }).context)),
    ).toBe('forbidden: Requires a platform administrator');
    expect(refusal(() => guard().canActivate(contextFor(route, admin(2)).context))).toBe(
      'forbidden: Requires administrator level 3 (the caller has 2)',
    );
    const { context, response } = contextFor(route, admin(3));
    expect(guard().canActivate(context)).toBe(true);
    expect(response.set).toHaveBeenCalledWith('Cache-Control', 'no-store');
  });

  it('serves a stored level above 5 as 5', () => {
    expect(guard().canActivate(contextFor({ level: 5, critical: false }, admin(10)).context)).toBe(true);
  });

  it('a critical route needs the keyword, and refuses everything while ADMIN_KEYWORD is unset', () => {
    const route = { level: 5, critical: true } as const;
    expect(
      refusal(() => guard().canActivate(contextFor(route, admin(5), { 'x-admin-keyword': 'anything' }).context)),
    ).toBe('forbidden: ADMIN_KEYWORD is not configured: critical administrator actions are disabled');
    const set = guard('the-keyword');
    expect(refusal(() => set.canActivate(contextFor(route, admin(5)).context))).toBe(
      'forbidden: Requires the X-Admin-Keyword header for this critical action',
    );
    expect(
      refusal(() => set.canActivate(contextFor(route, admin(5), { 'x-admin-keyword': 'the-keyworD' }).context)),
    ).toBe('forbidden: The X-Admin-Keyword header is wrong');
    expect(set.canActivate(contextFor(route, admin(5), { 'x-admin-keyword': 'the-keyword' }).context)).toBe(true);
  });

  it('compares secrets of any length', () => {
    expect(sameSecret('a', 'a')).toBe(true);
    expect(sameSecret('a', 'a-much-longer-secret')).toBe(false);
  });
});
