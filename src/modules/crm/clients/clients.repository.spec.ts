import { ListClientsQueryDto } from './dto/client.dto';
import { listStatements } from './clients.repository';

const COMPANY = '00000000-0000-4000-8000-000000000001';
const query = (fields: Partial<ListClientsQueryDto>) => ({ page: 1, limit: 20, ...fields }) as ListClientsQueryDto;

describe('listStatements', () => {
  it('scopes both statements to the company and pages the newest first', () => {
    const { page, count } = listStatements(COMPANY, query({ page: 3, limit: 10 }));
    expect(count).toEqual({ sql: expect.stringContaining('WHERE c.company_id = $1'), values: [COMPANY] });
    expect(page.sql).toMatch(/ORDER BY c\.created_at DESC, c\.id DESC LIMIT \$2 OFFSET \$3/);
    expect(page.values).toEqual([COMPANY, 10, 20]);
  });

  it('adds each filter as a parameter, in a fixed order', () => {
    const sourceId = '00000000-0000-4000-8000-000000000002';
    const { page, count } = listStatements(
      COMPANY,
      query({ type: 'legal', status: 'active', source_id: sourceId, search: 'ann' }),
    );
    expect(count.sql).toContain(
      'c.company_id = $1 AND c.type = $2 AND c.status = $3 AND c.source_id = $4 AND ' +
        "(c.first_name || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, '')) ILIKE $5",
    );
    expect(count.values).toEqual([COMPANY, 'legal', 'active', sourceId, '%ann%']);
    expect(page.values).toEqual([...count.values, 20, 0]);
    expect(page.sql).toContain('LIMIT $6 OFFSET $7');
  });

  it('takes the wildcards of a search term literally', () => {
    expect(listStatements(COMPANY, query({ search: '50%_off\\' })).count.values[1]).toBe('%50\\%\\_off\\\\%');
  });
});
