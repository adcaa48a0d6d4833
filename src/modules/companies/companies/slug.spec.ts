import { SLUG_PATTERN, slugCandidate, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Рога и Копыта', 'roga-i-kopyta'],
    ['Щука & Ёж, ООО', 'shchuka-ezh-ooo'],
    ['  Acme Corp.  ', 'acme-corp'],
    ['Café Zürich', 'cafe-zurich'],
    ['A', 'company-a'],
    ['!!!', 'company'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slugify(name)).toMatch(SLUG_PATTERN);
  });

  it('stays short enough for a numeric suffix', () => {
    const slug = slugify('x'.repeat(200));
    expect(slugCandidate(slug, 98).length).toBeLessThanOrEqual(63);
  });
});
