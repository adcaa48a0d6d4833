import { Injectable } from '@nestjs/common';
import { ListSpec, listPage, Where } from '../../../../core/pagination/list';
import { Page } from '../../../../core/pagination/page';
import { Db } from '../../../../database/db';
import { sql } from '../../../../database/sql';
import { Row, Table } from '../../../../database/table';
import { DocEntity } from './doc.entity';
import type { DocDto, ListDocsQueryDto } from './dto/doc.dto';

const docs = new Table(DocEntity);
const DOC = docs.answer('d', { except: ['company_id'] });

export function docList(companyId: string, query: ListDocsQueryDto): ListSpec {
  return {
    from: 'docs d',
    where: new Where(sql`d.company_id = ${companyId}`)
      .equals('d.module', query.module)
      .equals('d.type', query.type)
      .contains(`(coalesce(d.comment, '') || ' ' || d.object_path)`, query.search),
    orderBy: 'd.created_at DESC, d.id DESC',
    key: ['d.id'],
    select: DOC,
  };
}

@Injectable()
export class DocsRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, doc: Partial<Row<DocEntity>>): Promise<DocDto> {
    return (await this.db.one<DocDto>(
      sql`${docs.insert({ ...doc, company_id: companyId })} RETURNING ${docs.select(undefined, { except: ['company_id'] })}`,
    ))!;
  }

  list(companyId: string, query: ListDocsQueryDto): Promise<Page<DocDto>> {
    return listPage(this.db, docList(companyId, query), query);
  }

  findOne(companyId: string, id: string): Promise<DocDto | null> {
    return this.db.one(sql`SELECT ${docs.select('d', { except: ['company_id'] })} FROM docs d
      WHERE d.id = ${id} AND d.company_id = ${companyId}`);
  }

  /** Whether a document's file is the company's object at `path`. */
  async ownsObject(companyId: string, path: string): Promise<boolean> {
    return (
      (await this.db.one(sql`SELECT 1 FROM docs WHERE company_id = ${companyId} AND object_path = ${path}`)) !== null
    );
  }
}
