import { Page } from './page';

describe('Page', () => {
  it('renders items under the given key with ceil(total / limit) pages', () => {
    expect(new Page([{ code: 'a' }], 41, { page: 3, limit: 20 }).render('plans')).toEqual({
      plans: [{ code: 'a' }],
      pagination: { total: 41, page: 3, limit: 20, pages: 3 },
    });
  });

  it('has zero pages when the list is empty', () => {
    expect(new Page([], 0, { page: 1, limit: 20 }).render('x').pagination).toEqual({
      total: 0,
      page: 1,
      limit: 20,
      pages: 0,
    });
  });
});
