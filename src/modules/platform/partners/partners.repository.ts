import { Injectable } from '@nestjs/common';
import { listPage, Where } from '../../../core/pagination/list';
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

  list(query: PageQueryDto): Promise<Page<PartnerApplicationDto>> {
    return listPage(
      this.db,
      {
        from: 'partner_applications p',
        where: new Where(sql`TRUE`),
        orderBy: 'p.created_at DESC, p.id DESC',
        key: ['p.id'],
        select: applications.list('p', [
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
}
