import type { CompanyAccess } from '../access/company-access';
import { AppException } from '../http/app.exception';
import { Page } from '../pagination/page';
import { StatusCompanyRecords } from './company-records';

interface Widget {
  id: string;
  status: 'on' | 'off';
}

/** A repository of one company's widgets: `w1` exists, anything else does not. */
class WidgetRows {
  readonly calls: unknown[][] = [];

  async list(companyId: string, query: { page: number; limit: number }): Promise<Page<Widget>> {
    this.calls.push(['list', companyId, query]);
    return new Page([{ id: 'w1', status: 'on' }], 1, query);
  }

  async findOne(companyId: string, id: string): Promise<Widget | null> {
    this.calls.push(['findOne', companyId, id]);
    return id === 'w1' ? { id, status: 'on' } : null;
  }

  async create(companyId: string, dto: { status: 'on' | 'off' }): Promise<Widget> {
    this.calls.push(['create', companyId, dto]);
    return { id: 'w2', ...dto };
  }

  async update(companyId: string, id: string, dto: { status?: 'on' | 'off' }): Promise<Widget | null> {
    this.calls.push(['update', companyId, id, dto]);
    return id === 'w1' ? { id, status: dto.status ?? 'on' } : null;
  }

  async setStatus(companyId: string, id: string, status: 'on' | 'off'): Promise<Widget | null> {
    this.calls.push(['setStatus', companyId, id, status]);
    return id === 'w1' ? { id, status } : null;
  }
}

class WidgetsService extends StatusCompanyRecords<WidgetRows> {
  constructor(rows: WidgetRows) {
    super(rows, 'Widget');
  }
}

const company = { companyId: 'c1' } as CompanyAccess;

describe('CompanyRecords', () => {
  it("hands the caller's company and what was sent to the repository", async () => {
    const rows = new WidgetRows();
    const widgets = new WidgetsService(rows);
    await widgets.list(company, { page: 1, limit: 20 });
    expect(await widgets.get(company, 'w1')).toEqual({ id: 'w1', status: 'on' });
    expect(await widgets.create(company, { status: 'off' })).toEqual({ id: 'w2', status: 'off' });
    expect(await widgets.update(company, 'w1', { status: 'off' })).toEqual({ id: 'w1', status: 'off' });
    expect(await widgets.setStatus(company, 'w1', 'off')).toEqual({ id: 'w1', status: 'off' });
    expect(rows.calls).toEqual([
      ['list', 'c1', { page: 1, limit: 20 }],
      ['findOne', 'c1', 'w1'],
      ['create', 'c1', { status: 'off' }],
      ['update', 'c1', 'w1', { status: 'off' }],
      ['setStatus', 'c1', 'w1', 'off'],
    ]);
  });

  it('answers 404 naming the resource when the row is not there', async () => {
    const widgets = new WidgetsService(new WidgetRows());
    for (const missing of [
      widgets.get(company, 'w9'),
      widgets.update(company, 'w9', {}),
      widgets.setStatus(company, 'w9', 'on'),
    ]) {
      await expect(missing).rejects.toEqual(new AppException('not_found', 'Widget not found'));
    }
  });
});
