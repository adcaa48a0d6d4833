import { Injectable } from '@nestjs/common';
import { attachmentsJson } from '../../../../../core/attachments/record-attachments';
import { ListSpec, listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../../database/sql';
import { Row, Table } from '../../../../../database/table';
import { CrmClientEntity } from './client.entity';
import type { ClientDetailDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';

const clients = new Table(CrmClientEntity);
/** The kind of a client's rows in record_attachments. */
export const CLIENT_RECORDS = clients.name;
/** The files a client (aliased `c`) names. */
const ATTACHMENTS = attachmentsJson(CLIENT_RECORDS, 'c');
/** The client's own fields (ClientDto): every column but the company and the source's id, and its files. */
const CLIENT = `${clients.answer('c', { except: ['company_id', 'source_id'] })}, ${ATTACHMENTS} AS attachments`;

/**
 * The source inside a ClientDetail, whole in every answer (the spec's short form in lists and
 * changes grew to it: the platform's web client reads every field there, CONTRACT 17).
 */
const SOURCE = `json_build_object('id', s.id, 'name', s.name, 'url', s.url, 'type', s.type, 'comment', s.comment,
  'system', s.system, 'status', s.status, 'metadata', s.metadata,
  'created_at', ${rfc3339('s.created_at')}, 'updated_at', ${rfc3339('s.updated_at')})`;

const WITH_SOURCE = 'JOIN crm_sources s ON s.id = c.source_id';

/** A client (aliased `c`) as the JSON of a ClientDetailDto: a deal's `client`. */
export const CLIENT_DETAIL_JSON = clients.json(
  'c',
  { except: ['company_id', 'source_id'] },
  {
    attachments: ATTACHMENTS,
    source: `(SELECT ${SOURCE} FROM crm_sources s WHERE s.id = c.source_id AND s.company_id = c.company_id)`,
  },
);
/** ClientDetail rows: the client rows of `from` (aliased `c`) joined to their source. */
const detailsOf = (from: Sql) => sql`SELECT ${raw(CLIENT)}, ${raw(SOURCE)} AS source FROM ${from} ${raw(WITH_SOURCE)}`;

/**
 * What `search` matches (here, and in the deal list's search by client, over rows aliased `c`).
 * It must stay identical to the expression of crm_clients_search_trgm_idx (migration Crm), or the
 * planner cannot use that index.
 */
export const CLIENT_SEARCH_TEXT = `(c.first_name || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, ''))`;

/** The client list (exported for bench/crm.js, which EXPLAINs its statements). */
export function clientList(companyId: string, query: ListClientsQueryDto): ListSpec {
  return {
    from: 'crm_clients c',
    where: new Where(sql`c.company_id = ${companyId}`)
      .equals('c.type', query.type)
      .equals('c.status', query.status)
      .equals('c.source_id', query.source_id)
      .contains(CLIENT_SEARCH_TEXT, query.search),
    orderBy: 'c.created_at DESC, c.id DESC',
    key: ['c.id'],
    select: `${CLIENT}, ${SOURCE} AS source`,
    join: WITH_SOURCE,
  };
}

@Injectable()
export class ClientsRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, client: Partial<Row<CrmClientEntity>>): Promise<ClientDetailDto> {
    const created = sql`${clients.insert({ ...client, company_id: companyId })} RETURNING *`;
    return (await this.db.one<ClientDetailDto>(sql`WITH c AS (${created}) ${detailsOf(raw('c'))}`))!;
  }

  list(companyId: string, query: ListClientsQueryDto): Promise<Page<ClientDetailDto>> {
    return listPage(this.db, clientList(companyId, query), query);
  }

  findOne(companyId: string, id: string): Promise<ClientDetailDto | null> {
    return this.db.one(sql`${detailsOf(raw('crm_clients c'))} WHERE c.id = ${id} AND c.company_id = ${companyId}`);
  }

  /**
   * Changes the fields sent (updated_at with them, and with a list of attachments, which the
   * caller writes). Null when there is no such client.
   */
  update(companyId: string, id: string, changes: UpdateClientDto): Promise<ClientDetailDto | null> {
    const set = clients.assignments(changes);
    if (!set && changes.attachments === undefined) return this.findOne(companyId, id);
    const updated = sql`UPDATE crm_clients SET ${set ? sql`${set}, ` : sql``}updated_at = now()
      WHERE id = ${id} AND company_id = ${companyId} RETURNING *`;
    return this.db.one(sql`WITH c AS (${updated}) ${detailsOf(raw('c'))}`);
  }

  /** Sets the status; updated_at moves only when it changes. Null when there is no such client. */
  setStatus(companyId: string, id: string, status: string): Promise<ClientDetailDto | null> {
    const updated = sql`${clients.setStatus(companyId, id, status)} RETURNING *`;
    return this.db.one(sql`WITH c AS (${updated}) ${detailsOf(raw('c'))}`);
  }
}
