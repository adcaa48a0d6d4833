import { InvalidEnvironmentError, validateEnvironment } from '../../config/environment';

describe('METRICS_PORT setting', () => {
  it('is unset by default (no metrics served), and empty counts as unset', () => {
    expect(validateEnvironment({}).METRICS_PORT).toBeUndefined();
    expect(validateEnvironment({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });

  it('is read as a port number', () => {
    expect(validateEnvironment({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it.each(['0', '65536', 'metrics', '94.64'])('refuses %p, naming the setting', (value) => {
    expect(() => validateEnvironment({ METRICS_PORT: value })).toThrow(InvalidEnvironmentError);
    expect(() => validateEnvironment({ METRICS_PORT: value })).toThrow(/METRICS_PORT/);
  });
});
