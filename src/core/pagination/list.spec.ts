import type { Db } from '../../database/db';
import { sql } from '../../database/sql';
import { containing, listJsonStatement, listStatement, listStatements, Where } from './list';
import { SearchCounts } from './search-counts';

const COMPANY = '00000000-0000-4000-8000-000000000001';

describe('Where', () => {
  it('adds a condition per filter sent, in order, each value a parameter', () => {
    const where = new Where(sql`c.company_id = ${COMPANY}`)
      .equals('c.type', 'legal')
      .equals('c.status', undefined)
      .between('c.created_at', '2026-01-01', undefined)
      .contains('c.name', 'ann');
    expect(where.toSql().render()).toEqual({
      text: 'c.company_id = $1 AND c.type = $2 AND c.created_at >= $3 AND c.name ILIKE $4',
      values: [COMPANY, 'legal', '2026-01-01', '%ann%'],
    });
  });

  it('takes the wildcards of a search term literally', () => {
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('listStatements', () => {
  const spec = {
    from: 'crm_clients c',
    where: new Where(sql`c.company_id = ${COMPANY}`).equals('c.status', 'active'),
    orderBy: 'c.created_at DESC, c.id DESC',
    key: ['c.id'],
    select: 'c.id, s.name',
    join: 'JOIN crm_sources s ON s.id = c.source_id',
  };

  it('finds the page as keys first, then joins only those rows', () => {
    const { text, values } = listStatements(spec, { page: 3, limit: 10 }).page.render();
    expect(text.replace(/\s+/g, ' ')).toBe(
      'SELECT c.id, s.name FROM crm_clients c ' +
        'JOIN (SELECT c.id AS k0 FROM crm_clients c WHERE c.company_id = $1 AND c.status = $2 ' +
        'ORDER BY c.created_at DESC, c.id DESC LIMIT $3 OFFSET $4) page ON c.id = page.k0 ' +
        'JOIN crm_sources s ON s.id = c.source_id ORDER BY c.created_at DESC, c.id DESC',
    );
    expect(values).toEqual([COMPANY, 'active', 10, 20]);
  });

  it('counts the same filter without the page-only joins', () => {
    expect(listStatements(spec, { page: 1, limit: 20 }).count.render()).toEqual({
      text: 'SELECT count(*)::int AS total FROM crm_clients c WHERE c.company_id = $1 AND c.status = $2',
      values: [COMPANY, 'active'],
    });
  });

  it('starts a page past the first at its day when the database keeps the rows of each day, never for a search', () => {
    const days = { ...spec, daysKept: { counts: 'client_days', column: 'c.created_at' } };
    const keysOf = (text: string) => text.replace(/\s+/g, ' ').match(/JOIN \((.*)\) page ON/)![1];
    const deep = listStatements(days, { page: 3, limit: 10 }).page.render();
    expect(keysOf(deep.text)).toBe(
      'WITH start AS MATERIALIZED ( SELECT d.day, (d.through - (SELECT sum(k.total) FROM client_days k WHERE k.day = d.day))::bigint AS newer ' +
        'FROM (SELECT day, sum(total) OVER (ORDER BY day DESC) AS through FROM client_days) d ' +
        'WHERE d.through > $1 ORDER BY d.day DESC LIMIT 1) ' +
        'SELECT c.id AS k0 FROM crm_clients c WHERE c.company_id = $2 AND c.status = $3 ' +
        "AND c.created_at < (SELECT (day + 1)::timestamp AT TIME ZONE 'UTC' FROM start) " +
        'ORDER BY c.created_at DESC, c.id DESC LIMIT $4 OFFSET (SELECT $5 - newer FROM start)',
    );
    expect(deep.values).toEqual([20, COMPANY, 'active', 10, 20]);
    // The first page walks nothing before it; a search's rows are not the ones counted.
    expect(listStatements(days, { page: 1, limit: 10 }).page.render().text).not.toContain('client_days');
    const searched = { ...days, where: new Where(sql`c.company_id = ${COMPANY}`).contains('c.name', 'ann') };
    expect(listStatements(searched, { page: 3, limit: 10 }).page.render().text).not.toContain('client_days');
  });

  it('takes a total the database keeps instead of counting, when the spec has one', () => {
    const kept = sql`SELECT total FROM kept WHERE company_id = ${COMPANY}`;
    expect(listStatements({ ...spec, total: kept }, { page: 1, limit: 20 }).count).toBe(kept);
  });

  it('runs the page and the total as one statement: the total, whether the row is listed, its stamps, then the columns', () => {
    const { text, values } = listStatement(spec, { page: 3, limit: 10 }).render();
    expect(text.replace(/\s+/g, ' ')).toBe(
      'SELECT counted.total, page.k0 IS NOT NULL AS listed, NULL::text AS version, c.id, s.name ' +
        'FROM (SELECT count(*)::int AS total FROM crm_clients c WHERE c.company_id = $1 AND c.status = $2) counted ' +
        'LEFT JOIN (crm_clients c ' +
        'JOIN (SELECT c.id AS k0 FROM crm_clients c WHERE c.company_id = $3 AND c.status = $4 ' +
        'ORDER BY c.created_at DESC, c.id DESC LIMIT $5 OFFSET $6) page ON c.id = page.k0 ' +
        'JOIN crm_sources s ON s.id = c.source_id) ON TRUE ORDER BY c.created_at DESC, c.id DESC',
    );
    expect(values).toEqual([COMPANY, 'active', COMPANY, 'active', 10, 20]);
  });

  it('matches a page by every key column', () => {
    const text = listStatements({ ...spec, key: ['m.company_id', 'm.account_id'] }, { page: 1, limit: 20 })
      .page.render()
      .text.replace(/\s+/g, ' ');
    expect(text).toContain('SELECT m.company_id AS k0, m.account_id AS k1 FROM');
    expect(text).toContain('ON m.company_id = page.k0 AND m.account_id = page.k1');
  });

  it('counts a search up to one match past its bound, and pages no further than the bound', () => {
    const searched = { ...spec, where: new Where(sql`c.company_id = ${COMPANY}`).contains('c.name', 'ann') };
    const { page, count } = listStatements(searched, { page: 500, limit: 30 });
    expect(count.render().text.replace(/\s+/g, ' ')).toBe(
      'SELECT count(*)::int AS total FROM (SELECT 1 FROM crm_clients c WHERE c.company_id = $1 AND c.name ILIKE $2 LIMIT $3) matches',
    );
    expect(count.render().values).toEqual([COMPANY, '%ann%', 10_001]);
    // Page 500 of 30 starts at 14,970, past the bound: an empty page.
    expect(page.render().values).toEqual([COMPANY, '%ann%', 0, 14_970]);
    const inOrder = listStatements(
      { ...searched, searchCountOrder: 'c.created_at, c.id' },
      { page: 1, limit: 30 },
    ).count;
    expect(inOrder.render().text.replace(/\s+/g, ' ')).toBe(
      'SELECT count(*)::int AS total FROM (SELECT 1 FROM crm_clients c ' +
        'WHERE c.company_id = $1 AND c.name ILIKE $2 ORDER BY c.created_at, c.id LIMIT $3) matches',
    );
  });

  it('answers a remembered search count under its stamps, and counts only past them', () => {
    const searched = { ...spec, where: new Where(sql`c.company_id = ${COMPANY}`).contains('c.name', 'ann') };
    const versioned = { ...searched, searchVersion: 'crm_clients' };
    const { text, values } = listJsonStatement(
      versioned,
      { page: 1, limit: 20 },
      { version: '7,9', total: 42 },
    ).render();
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('SELECT counted.total, counted.version AS version,');
    expect(flat).toContain(
      'CASE WHEN stamps.version = $5::text THEN $6::int ELSE (SELECT count(*)::int AS total FROM (SELECT 1 FROM crm_clients c',
    );
    expect(flat).toContain("string_agg(version::text, ',' ORDER BY version)");
    expect(flat).toContain('FROM search_versions WHERE name = $');
    expect(values.slice(4)).toEqual(['7,9', 42, COMPANY, '%ann%', 10_001, 'crm_clients']);
    // Unsearched, or without the option, the total is counted as ever and carries no stamps.
    for (const plain of [{ ...spec, searchVersion: 'crm_clients' }, searched]) {
      const other = listJsonStatement(plain, { page: 1, limit: 20 }).render().text;
      expect(other).not.toContain('search_versions');
      expect(other.replace(/\s+/g, ' ')).toContain('SELECT counted.total, NULL::text AS version,');
    }
  });
});

describe('SearchCounts', () => {
  const db = {} as Db;
  const count = (term: string) => sql`SELECT count(*) FROM t WHERE name LIKE ${term}`;

  it('remembers a count per database and statement, never one counted by a transaction that wrote', () => {
    const counts = SearchCounts.of(db);
    expect(SearchCounts.of(db)).toBe(counts);
    expect(SearchCounts.of({} as Db)).not.toBe(counts);
    const { key, known } = counts.known(count('%a%'));
    expect(known).toBeUndefined();
    counts.remember(key, '3,5', 12);
    expect(counts.known(count('%a%')).known).toEqual({ version: '3,5', total: 12 });
    expect(counts.known(count('%b%')).known).toBeUndefined();
    const other = counts.known(count('%c%'));
    counts.remember(other.key, null, 4);
    expect(counts.known(count('%c%')).known).toBeUndefined();
  });

  it('forgets the least recently asked first, past a thousand', () => {
    const counts = SearchCounts.of({} as Db);
    const first = counts.known(count('first'));
    counts.remember(first.key, '1', 1);
    const second = counts.known(count('second'));
    counts.remember(second.key, '1', 2);
    counts.known(count('first'));
    for (let i = 0; i < 999; i++) counts.remember(counts.known(count(`term ${i}`)).key, '1', i);
    expect(counts.known(count('first')).known).toEqual({ version: '1', total: 1 });
    expect(counts.known(count('second')).known).toBeUndefined();
  });
});

describe('Where.containsLowered', () => {
  it('matches any of the lower-cased expressions with LIKE of the lower-cased term, wildcards literal', () => {
    const where = new Where(sql`TRUE`).containsLowered(['a.email', 'a.name_lowered'], 'Ann_%');
    expect(where.searched).toBe(true);
    expect(where.toSql().render()).toEqual({
      text: 'TRUE AND (a.email LIKE lower($1) OR a.name_lowered LIKE lower($2))',
      values: ['%Ann\\_\\%%', '%Ann\\_\\%%'],
    });
  });

  it('adds nothing without a term', () => {
    const where = new Where(sql`TRUE`).containsLowered(['a.email'], undefined);
    expect(where.searched).toBe(false);
    expect(where.toSql().render().text).toBe('TRUE');
  });
});

describe('Where.keptFilter', () => {
  const company = () => new Where(sql`t.company_id = ${COMPANY}`);

  it('names the kept count of the company alone or with one counted filter', () => {
    expect(company().keptFilter('t', ['direction'])).toEqual({ companyId: COMPANY, filter: '' });
    expect(company().equals('t.direction', 'income').keptFilter('t', ['direction'])).toEqual({
      companyId: COMPANY,
      filter: 'direction=income',
    });
    expect(
      company()
        .counted('in_stock', true, sql`t.remaining > 0`)
        .keptFilter('t', ['in_stock']),
    ).toEqual({
      companyId: COMPANY,
      filter: 'in_stock=true',
    });
  });

  it('has none for two filters, a filter not counted, a range, a search or more fixed conditions', () => {
    const counted = ['direction', 'status'];
    expect(
      company().equals('t.direction', 'income').equals('t.status', 'failed').keptFilter('t', counted),
    ).toBeUndefined();
    expect(company().equals('t.deal_id', 'x').keptFilter('t', counted)).toBeUndefined();
    expect(company().between('t.created_at', '2026-01-01', undefined).keptFilter('t', counted)).toBeUndefined();
    expect(company().contains('t.comment', 'rent').keptFilter('t', counted)).toBeUndefined();
    expect(new Where(sql`t.company_id = ${COMPANY}`, sql`t.status = 'x'`).keptFilter('t', counted)).toBeUndefined();
  });
});
