import { validateEnvironment } from './environment';

describe('cookie and CORS settings', () => {
  it('default to a Secure, SameSite=Lax cookie on /api/v1/account and no CORS', () => {
    expect(validateEnvironment({})).toMatchObject({
      COOKIE_SECURE: true,
      COOKIE_SAMESITE: 'lax',
      COOKIE_PATH: '/api/v1/account',
      COOKIE_DOMAIN: undefined,
      CORS_ORIGINS: [],
      ACCESS_TOKEN_TTL_MINUTES: 60,
      REFRESH_TOKEN_TTL_DAYS: 30,
    });
  });

  it('refuse SameSite=None without Secure, which browsers would drop', () => {
    expect(() => validateEnvironment({ COOKIE_SAMESITE: 'None', COOKIE_SECURE: 'false' })).toThrow(
      /COOKIE_SAMESITE: None needs COOKIE_SECURE=true/,
    );
    expect(validateEnvironment({ COOKIE_SAMESITE: 'None' }).COOKIE_SAMESITE).toBe('none');
  });

  it.each([
    ['COOKIE_SAMESITE', 'sometimes'],
    ['COOKIE_PATH', 'api'],
    ['CORS_ORIGINS', 'https://app.example.com/'],
    ['CORS_ORIGINS', 'https://app.example.com/path'],
    ['CORS_ORIGINS', '*'],
    ['ACCESS_TOKEN_TTL_MINUTES', '0'],
  ])('refuse %s=%s', (name, value) => {
    expect(() => validateEnvironment({ [name]: value })).toThrow(new RegExp(name));
  });

  it('read CORS_ORIGINS as a trimmed comma-separated list', () => {
    expect(validateEnvironment({ CORS_ORIGINS: 'https://a.example, http://localhost:3000,' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
  });
});
