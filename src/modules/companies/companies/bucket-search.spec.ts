import { bucketIdSearch } from './bucket-search';

describe('bucketIdSearch', () => {
  const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

  it('finds the term within the id', () => {
    expect(bucketIdSearch('company-', '5717-4562')).toEqual({
      everyBucket: false,
      within: '5717-4562',
      startingWith: [],
    });
  });

  it('takes a whole name, or a tail of the prefix before the id, as the start of the id, in any case', () => {
    expect(bucketIdSearch('company-', `COMPANY-${ID.toUpperCase()}`).startingWith).toEqual([ID]);
    expect(bucketIdSearch('company-', 'pany-3fa8').startingWith).toEqual(['3fa8']);
    // "-3" may be the prefix's hyphen and the id's first digit, or lie within the id.
    expect(bucketIdSearch('company-', '-3')).toEqual({ everyBucket: false, within: '-3', startingWith: ['3'] });
  });

  it('matches every bucket for a part of the prefix', () => {
    expect(bucketIdSearch('company-', 'Pan')).toMatchObject({ everyBucket: true, startingWith: [] });
    expect(bucketIdSearch('company-', 'company-').everyBucket).toBe(true);
  });

  it('finds every start a repeating prefix allows', () => {
    // After the whole prefix, or after its last "ab-" (the id then starting "ab-c").
    expect(bucketIdSearch('ab-ab-', 'ab-ab-c').startingWith).toEqual(['c', 'ab-c']);
    expect(bucketIdSearch('ab-ab-', 'b-c').startingWith).toEqual(['c']);
  });
});
