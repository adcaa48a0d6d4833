import { Injectable } from '@nestjs/common';
import { containing, listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { sql } from '../../../database/sql';
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

  /** Newest first; `search` matches the name or the e-mail. */
  list(query: PageQueryDto, filter: { status?: string; search?: string } = {}): Promise<Page<PartnerApplicationDto>> {
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
