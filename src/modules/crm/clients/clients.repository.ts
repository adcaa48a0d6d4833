import { Injectable } from '@nestjs/common';
import { pageOffset } from '../../../core/pagination/page-query.dto';
import { assignments, jsonb, rfc3339 } from '../../../database/sql';
import { Db, InjectDb } from '../../../database/transaction-host';
import type { ClientDetailDto, ClientFullDetailDto, ListClientsQueryDto, UpdateClientDto } from './dto/client.dto';

const CLIENT_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'patronymic',
  'phone',
  'email',
  'comment',
  'type',
  'status',
  'metadata',
  'created_at',
  'updated_at',
];
const UPDATABLE = [
  'first_name',
  'last_name',
  'patronymic',
  'phone',
  'email',
  'comment',
  'type',
  'status',
  'source_id',
  'metadata',
] as const;

const CLIENT_COLUMNS = CLIENT_FIELDS.map((field) => `c.${field}`).join(', ');
/** What a client row must carry to be turned into a ClientDetail. */
const DETAIL_INPUT = [...CLIENT_FIELDS, 'source_id'].join(', ');

/** The source inside a ClientDetail: short in lists and changes, whole in GET one (spec 2). */
const SOURCE_SHAPES = {
  summary: `json_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status', s.status)`,
  full: `json_build_object('id', s.id, 'name', s.name, 'url', s.url, 'type', s.type, 'comment', s.comment,
    'system', s.system, 'status', s.status, 'metadata', s.metadata,
    'created_at', ${rfc3339('s.created_at')}, 'updated_at', ${rfc3339('s.updated_at')})`,
};
type SourceShape = keyof typeof SOURCE_SHAPES;

/**
 * ClientDetail rows, in one statement: the client rows of `from` (aliased `c`, carrying
 * DETAIL_INPUT) joined to their source in the given shape. Every client query ends here.
 */
const detailsOf = (from: string, shape: SourceShape) =>
  `SELECT ${CLIENT_COLUMNS}, ${SOURCE_SHAPES[shape]} AS source
   FROM ${from} JOIN crm_sources s ON s.id = c.source_id`;

/**
 * What `search` matches. It must stay identical to the expression of crm_clients_search_trgm_idx
 * (migration Crm), or the planner cannot use that index.
 */
const SEARCH_TEXT = `(c.first_name || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, ''))`;

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export interface Statement {
  sql: string;
  values: unknown[];
}

/**
 * The two statements of a list page (exported for bench/crm.js, which EXPLAINs them). The page
 * is found first as ids alone, an index-only walk in (created_at, id) order however deep the
 * offset; only those rows are then read and joined to their sources. The total is an exact
 * count over the same filter, index-only unless `search` is given. (selectPage() cannot express
 * the ids-first page, which keeps a deep offset from reading every skipped row: docs/crm.md.)
 */
export function listStatements(companyId: string, query: ListClientsQueryDto): { page: Statement; count: Statement } {
  const conditions = ['c.company_id = $1'];
  const values: unknown[] = [companyId];
  const where = (condition: (param: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (query.type) where((p) => `c.type = ${p}`, query.type);
  if (query.status) where((p) => `c.status = ${p}`, query.status);
  if (query.source_id) where((p) => `c.source_id = ${p}`, query.source_id);
  if (query.search) where((p) => `${SEARCH_TEXT} ILIKE ${p}`, containing(query.search));
  const filter = conditions.join(' AND ');
  const n = values.length;
  return {
    page: {
      sql: `${detailsOf(
        `(SELECT c.id FROM crm_clients c WHERE ${filter}
          ORDER BY c.created_at DESC, c.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) page
         JOIN crm_clients c ON c.id = page.id`,
        'summary',
      )}
       ORDER BY c.created_at DESC, c.id DESC`,
      values: [...values, query.limit, pageOffset(query)],
    },
    count: { sql: `SELECT count(*)::int AS total FROM crm_clients c WHERE ${filter}`, values },
  };
}

export interface NewClient {
  sourceId: string;
  firstName: string;
  lastName: string | null;
  patronymic: string | null;
  phone: string | null;
  email: string | null;
  comment: string | null;
  type: string;
  status: string;
  metadata: object | null;
}

@Injectable()
export class ClientsRepository {
  constructor(@InjectDb() private readonly db: Db) {}

  async create(companyId: string, client: NewClient): Promise<ClientDetailDto> {
    const [row] = await this.db.tx.query(
      `WITH c AS (
         INSERT INTO crm_clients (company_id, source_id, first_name, last_name, patronymic, phone, email, comment,
           type, status, metadata)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${DETAIL_INPUT}
       ) ${detailsOf('c', 'summary')}`,
      [
        companyId,
        client.sourceId,
        client.firstName,
        client.lastName,
        client.patronymic,
        client.phone,
        client.email,
        client.comment,
        client.type,
        client.status,
        jsonb(client.metadata),
      ],
    );
    return row;
  }

  /**
   * A page of the list, newest first, and the exact total. The page is taken from crm_clients
   * alone (an index walk) and only its rows are joined to their sources.
   */
  /** A page of the list, newest first, and the exact total, queried in parallel. */
  async list(companyId: string, query: ListClientsQueryDto): Promise<{ items: ClientDetailDto[]; total: number }> {
    const { page, count } = listStatements(companyId, query);
    const [items, [{ total }]] = await Promise.all([
      this.db.tx.query(page.sql, page.values),
      this.db.tx.query(count.sql, count.values),
    ]);
    return { items, total };
  }

  findOne(companyId: string, id: string, shape: 'full'): Promise<ClientFullDetailDto | null>;
  findOne(companyId: string, id: string, shape: 'summary'): Promise<ClientDetailDto | null>;
  async findOne(companyId: string, id: string, shape: SourceShape) {
    const [row] = await this.db.tx.query(`${detailsOf('crm_clients c', shape)} WHERE c.id = $1 AND c.company_id = $2`, [
      id,
      companyId,
    ]);
    return row ?? null;
  }

  /** Changes the fields sent (updated_at with them). Null when there is no such client. */
  async update(companyId: string, id: string, changes: UpdateClientDto): Promise<ClientDetailDto | null> {
    const set = assignments({ ...changes, metadata: jsonb(changes.metadata) }, UPDATABLE, 3);
    if (!set.sql) return this.findOne(companyId, id, 'summary');
    const [row] = await this.db.tx.query(
      `WITH c AS (
         UPDATE crm_clients SET ${set.sql}, updated_at = now() WHERE id = $1 AND company_id = $2
         RETURNING ${DETAIL_INPUT}
       ) ${detailsOf('c', 'summary')}`,
      [id, companyId, ...set.values],
    );
    return row ?? null;
  }

  /** Sets the status; updated_at moves only when it changes. Null when there is no such client. */
  async setStatus(companyId: string, id: string, status: string): Promise<ClientDetailDto | null> {
    const [row] = await this.db.tx.query(
      `WITH c AS (
         UPDATE crm_clients SET status = $3, updated_at = CASE WHEN status = $3::varchar THEN updated_at ELSE now() END
         WHERE id = $1 AND company_id = $2
         RETURNING ${DETAIL_INPUT}
       ) ${detailsOf('c', 'summary')}`,
      [id, companyId, status],
    );
    return row ?? null;
  }
}
