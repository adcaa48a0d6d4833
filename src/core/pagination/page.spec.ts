import { JsonText, Page } from './page';

describe('Page', () => {
  it('renders items under the given key with ceil(total / limit) pages', () => {
    expect(new Page([{ code: 'a' }], 41, { page: 3, limit: 20 }).render('plans')).toEqual({
      plans: [{ code: 'a' }],
      pagination: { total: 41, page: 3, limit: 20, pages: 3, total_exact: true },
    });
  });

  it('has zero pages when the list is empty', () => {
    expect(new Page([], 0, { page: 1, limit: 20 }).render('x').pagination).toEqual({
      total: 0,
      page: 1,
      limit: 20,
      pages: 0,
      total_exact: true,
    });
  });

  it('says when a total is a search count cut at its bound', () => {
    expect(new Page([], 10_000, { page: 1, limit: 20 }, false).render('x').pagination).toEqual({
      total: 10_000,
      page: 1,
      limit: 20,
      pages: 500,
      total_exact: false,
    });
  });

  it('writes the items of a JSON text page as they are, the same value as the object page', () => {
    const text = '[{"id" : 1, "amount" : 100.50, "name" : "\\u0416"}]';
    const page = new Page(new JsonText(text), 41, { page: 3, limit: 20 });
    expect(page.renderJson('plans')).toBe(
      `{"plans":${text},"pagination":{"total":41,"page":3,"limit":20,"pages":3,"total_exact":true}}`,
    );
    expect(JSON.parse(page.renderJson('plans'))).toEqual(page.render('plans'));
    expect(page.render('plans')).toEqual(
      new Page([{ id: 1, amount: 100.5, name: 'Ж' }], 41, { page: 3, limit: 20 }).render('plans'),
    );
  });

  it('writes an object page as JSON.stringify writes its rendering', () => {
    const page = new Page([{ code: 'a' }], 1, { page: 1, limit: 20 });
    expect(page.renderJson('plans')).toBe(JSON.stringify(page.render('plans')));
  });
});
