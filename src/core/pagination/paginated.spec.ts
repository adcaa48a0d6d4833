import { Paginated } from './paginated';

describe('Paginated', () => {
  it('renders items under their key with ceil(total / limit) pages', () => {
    const page = new Paginated('plans', [{ code: 'a' }], 41, { page: 3, limit: 20 });
    expect(page.toJSON()).toEqual({
      plans: [{ code: 'a' }],
      pagination: { total: 41, page: 3, limit: 20, pages: 3 },
    });
  });

  it('has zero pages when the list is empty', () => {
    expect(new Paginated('x', [], 0, { page: 1, limit: 20 }).toJSON().pagination).toEqual({
      total: 0,
      page: 1,
      limit: 20,
      pages: 0,
    });
  });
});
