import { databaseUnavailable } from './errors';

describe('databaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['one wrapped by TypeORM', Object.assign(new Error('query failed'), { driverError: { code: '08006' } })],
  ])('is true for %s', (_case, error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('is false for %s', (_case, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});
