import { validateEnvironment } from './environment';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['false', 0],
    ['1', 1],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['fd00::/8,192.168.1.10', ['fd00::/8', '192.168.1.10']],
  ])('%s is read as %j', (value, expected) => {
    expect(validateEnvironment(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', '11', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/9'])('%s is refused', (value) => {
    expect(() => validateEnvironment({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
