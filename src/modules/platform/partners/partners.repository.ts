import { Injectable } from '@nestjs/common';
import { containing, listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { Sql, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { PartnerApplicationDto } from './dto/partner.dto';
import { PartnerApplicationEntity } from './partner-application.entity';

const applications = new Table(PartnerApplicationEntity);

@Injectable()
export class PartnersRepository {
  constructor(private readonly db: Db) {}

  async create(application: Pick<Row<PartnerApplicationEntity>, 'name' | 'type' | 'email' | 'text' | 'client_ip'>) {
    await this.db.affected(applications.insert(application));
  }

  /**
   * Newest first; `search` matches the name or the e-mail. `keptTotal` answers an unsearched
   * list's total (all, or one status) from the counts clientele_counts keeps
   * (`partner_applications`, `partner_applications.status=<status>`; migration
   * PartnerApplicationCounts) instead of counting the applications.
   */
  list(
    query: PageQueryDto,
    filter: { status?: string; search?: string } = {},
    keptTotal?: (name: string) => Sql,
  ): Promise<Page<PartnerApplicationDto>> {
    const counted =
      filter.status === undefined ? 'partner_applications' : `partner_applications.status=${filter.status}`;
    const where = new Where(sql`TRUE`).equals('p.status', filter.status);
    if (filter.search !== undefined) {
      const term = containing(filter.search);
      where.search(sql`(p.name ILIKE ${term} OR p.email ILIKE ${term})`);
    }
    return listPage(
      this.db,
      {
        from: 'partner_applications p',
        where,
        orderBy: 'p.created_at DESC, p.id DESC',
        ...(filter.search === undefined && keptTotal ? { total: keptTotal(counted) } : {}),
        key: ['p.id'],
        select: applications.answer('p', [
          'id',
          'name',
          'type',
          'email',
          'text',
          'status',
          'client_ip',
          'created_at',
          'updated_at',
        ]),
      },
      query,
    );
  }

  find(id: string): Promise<PartnerApplicationDto | null> {
    return this.db.one(sql`SELECT ${applications.select()} FROM partner_applications WHERE id = ${id}`);
  }

  setStatus(id: string, status: string): Promise<PartnerApplicationDto | null> {
    return this.db.one(
      sql`UPDATE partner_applications SET status = ${status}, updated_at = now() WHERE id = ${id}
          RETURNING ${applications.select()}`,
    );
  }
}
