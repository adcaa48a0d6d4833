import { browsableUrl, isListenAddress } from './http-address';

describe('browsableUrl', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://[::1]:3000'],
    ['::1', 'http://[::1]:3000'],
    ['10.1.2.3', 'http://10.1.2.3:3000'],
    ['localhost', 'http://localhost:3000'],
  ])('for HOST=%s is %s', (host, url) => expect(browsableUrl(host, 3000)).toBe(url));
});

describe('isListenAddress', () => {
  it.each(['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'])('accepts %s', (host) =>
    expect(isListenAddress(host)).toBe(true),
  );
  it.each(['', 'example.com', '127.0.0.1:3000', 'http://0.0.0.0'])('refuses %s', (host) =>
    expect(isListenAddress(host)).toBe(false),
  );
});
