import { withoutSecrets } from './audit-trail';

describe('withoutSecrets', () => {
  it('blanks secret-looking fields at any depth and keeps the rest', () => {
    expect(
      withoutSecrets({ name: 'A', password: 'p', nested: { access_token: 't', list: [{ api_key: 'k', ok: 1 }] } }),
    ).toEqual({
      name: 'A',
      password: '[redacted]',
      nested: { access_token: '[redacted]', list: [{ api_key: '[redacted]', ok: 1 }] },
    });
  });
});
