import { join, raw, sql } from './sql';

describe('sql``', () => {
  it('turns every value into a numbered parameter', () => {
    expect(sql`SELECT * FROM t WHERE a = ${1} AND b = ${'x'}`.render()).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b = $2',
      values: [1, 'x'],
    });
  });

  it('splices fragments and renumbers their values in order', () => {
    const condition = sql`b = ${'inner'}`;
    expect(sql`SELECT ${raw('a, b')} FROM t WHERE a = ${0} AND ${condition} LIMIT ${5}`.render()).toEqual({
      text: 'SELECT a, b FROM t WHERE a = $1 AND b = $2 LIMIT $3',
      values: [0, 'inner', 5],
    });
  });

  it('joins fragments with a separator, and nothing to an empty text', () => {
    expect(join([sql`a = ${1}`, sql`b = ${2}`, raw('c')], ' AND ').render()).toEqual({
      text: 'a = $1 AND b = $2 AND c',
      values: [1, 2],
    });
    expect(join([], ', ').render()).toEqual({ text: '', values: [] });
  });

  it('keeps a hostile value a parameter, never text', () => {
    const { text, values } = sql`SELECT 1 WHERE name = ${"'; DROP TABLE accounts; --"}`.render();
    expect(text).toBe('SELECT 1 WHERE name = $1');
    expect(values).toEqual(["'; DROP TABLE accounts; --"]);
  });
});
