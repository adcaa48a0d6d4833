import { assignments } from './sql';

describe('assignments', () => {
  it('sets only sent, allowed fields, numbering parameters from the given index', () => {
    expect(
      assignments(
        { name: 'a', description: undefined, type: 'x', password_hash: 'no' },
        ['name', 'description', 'type'],
        2,
      ),
    ).toEqual({
      sql: 'name = $2, type = $3',
      values: ['a', 'x'],
    });
  });

  it('keeps an explicit null, which clears a field', () => {
    expect(assignments({ comment: null }, ['comment'])).toEqual({ sql: 'comment = $1', values: [null] });
  });

  it('is empty when nothing was sent', () => {
    expect(assignments({}, ['name'])).toEqual({ sql: '', values: [] });
  });
});
