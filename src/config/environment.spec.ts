import { validateEnvironment } from './environment';

describe('whole-number settings', () => {
  it('read their string value', () => {
    expect(validateEnvironment({ PORT: '8080', HTTP_HEADERS_TIMEOUT_MS: '1500' })).toMatchObject({
      PORT: 8080,
      HTTP_HEADERS_TIMEOUT_MS: 1500,
    });
  });

  it('refuse a value that is not a whole number, below the minimum or above the maximum, naming the setting', () => {
    expect(() => validateEnvironment({ PORT: 'eighty' })).toThrow(/PORT: .*integer/);
    expect(() => validateEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '999' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: .*not be less than 1000/,
    );
    expect(() => validateEnvironment({ PORT: '65536' })).toThrow(/PORT: .*not be greater than 65535/);
  });
});
