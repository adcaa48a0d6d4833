import { Injectable } from '@nestjs/common';
import { attachmentsJson } from '../../../../core/attachments/record-attachments';
import { ListSpec, listPage, Where } from '../../../../core/pagination/list';
import { Page } from '../../../../core/pagination/page';
import { PageQueryDto } from '../../../../core/pagination/page-query.dto';
import { Db } from '../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../database/sql';
import { Row, Table } from '../../../../database/table';
import { ACCOUNT_PROFILES } from '../../../account/accounts/accounts.face';
import { COMPANY_PROFILES } from '../../companies/companies.face';
import type { DeskMessageDto, DeskTicketDto, ListTicketsQueryDto, MessageDto, TicketDto } from './dto/support.dto';
import { SupportMessageEntity } from './message.entity';
import { SupportTicketEntity, TicketStatus } from './ticket.entity';

const tickets = new Table(SupportTicketEntity);
/** The kind of a ticket's rows in record_attachments. */
export const TICKET_RECORDS = tickets.name;

export interface TicketMailContext {
  theme: string;
  initiator_id: string;
  company: string;
  author: string;
}
const messages = new Table(SupportMessageEntity);
const MESSAGE_COLUMNS = { except: ['company_id'] } as const;

/** The account `idColumn` names as MessageAccountDto (the Kroncl server's AccountPublic); null once it is deleted. */
const accountOf = (idColumn: string) => `(SELECT json_build_object('id', a.id, 'name', a.name, 'email', a.email,
  'avatar_url', a.avatar_url, 'status', a.status, 'created_at', ${rfc3339('a.created_at')})
  FROM ${ACCOUNT_PROFILES} a WHERE a.id = ${idColumn})`;
/** The author of the message of alias `m`. */
const AUTHOR = accountOf('m.account_id');
/** The columns of a Message, from alias `m`. */
const MESSAGE = `${messages.answer('m', MESSAGE_COLUMNS)}, ${AUTHOR} AS account`;
/** The messages a statement (INSERT, UPDATE) returns, as Messages. */
const messagesOf = (changed: Sql) => sql`WITH m AS (${changed} RETURNING *) SELECT ${raw(MESSAGE)} FROM m`;

/** A message row of alias `m` as the JSON of a Message (timestamps as the API writes them). */
const MESSAGE_JSON = `json_build_object('id', m.id, 'account_id', m.account_id, 'ticket_id', m.ticket_id,
  'text', m.text, 'read', m.read, 'is_tech', m.is_tech,
  'created_at', ${rfc3339('m.created_at')}, 'updated_at', ${rfc3339('m.updated_at')}, 'account', ${AUTHOR})`;

/** Each ticket's newest message: one index probe per ticket, inside the statement that reads them. */
const WITH_LAST_MESSAGE = `LEFT JOIN LATERAL (
  SELECT ${MESSAGE_JSON} AS message FROM support_messages m
  WHERE m.company_id = t.company_id AND m.ticket_id = t.id
  ORDER BY m.created_at DESC, m.id DESC LIMIT 1) newest ON true`;
const TICKET = `${tickets.answer('t', { except: ['assigned_admin_id'] })}, ${accountOf('t.initiator_id')} AS initiator,
  newest.message AS last_message, ${attachmentsJson(TICKET_RECORDS, 't')} AS attachments`;
/** A ticket as the operators' desk shows it: with its assignee and its company. */
const DESK_TICKET = `${TICKET}, t.assigned_admin_id,
  (SELECT json_build_object('id', c.id, 'name', c.name) FROM ${COMPANY_PROFILES} c WHERE c.id = t.company_id) AS company`;
/** The desk's messages carry their company, for the company's audit record of a staff change. */
const deskMessagesOf = (changed: Sql) =>
  sql`WITH m AS (${changed} RETURNING *) SELECT ${raw(MESSAGE)}, m.company_id FROM m`;

export interface DeskFilter {
  status?: TicketStatus;
  company_id?: string;
  assigned_admin_id?: string;
}

/** Ticket rows of `from` (aliased `t`) with their last_message. */
const ticketsOf = (from: Sql) => sql`SELECT ${raw(TICKET)} FROM ${from} ${raw(WITH_LAST_MESSAGE)}`;
const deskTicketsOf = (from: Sql) => sql`SELECT ${raw(DESK_TICKET)} FROM ${from} ${raw(WITH_LAST_MESSAGE)}`;

/** The ticket list (exported for bench/support.js, which EXPLAINs its statements). */
export function ticketList(companyId: string, query: ListTicketsQueryDto): ListSpec {
  return {
    from: 'support_tickets t',
    where: new Where(sql`t.company_id = ${companyId}`).equals('t.status', query.status).equals('t.theme', query.theme),
    orderBy: 't.created_at DESC, t.id DESC',
    key: ['t.id'],
    select: TICKET,
    join: WITH_LAST_MESSAGE,
  };
}

@Injectable()
export class SupportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Serialises the creation of tickets in one company until the caller's transaction ends, on
   * every instance of the service: a transaction-scoped advisory lock keyed by the company (a
   * hash collision between two companies only makes them wait for each other).
   */
  async lockTicketCreation(companyId: string): Promise<void> {
    await this.db.one(sql`SELECT pg_advisory_xact_lock(hashtext('support_tickets.create'), hashtext(${companyId}))`);
  }

  async countPending(companyId: string): Promise<number> {
    const row = await this.db.one<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM support_tickets WHERE company_id = ${companyId} AND status = 'pending'`,
    );
    return row!.count;
  }

  async createTicket(ticket: Partial<Row<SupportTicketEntity>>): Promise<Row<SupportTicketEntity>> {
    return (await this.db.one<Row<SupportTicketEntity>>(
      sql`${tickets.insert(ticket)} RETURNING ${tickets.select(undefined, { except: ['assigned_admin_id'] })}`,
    ))!;
  }

  list(companyId: string, query: ListTicketsQueryDto): Promise<Page<TicketDto>> {
    return listPage(this.db, ticketList(companyId, query), query);
  }

  findTicket(companyId: string, id: string): Promise<TicketDto | null> {
    return this.db.one(sql`${ticketsOf(raw('support_tickets t'))} WHERE t.id = ${id} AND t.company_id = ${companyId}`);
  }

  /** Moves a pending ticket to `status`. Null when the ticket is not pending (or not there). */
  moveFromPending(companyId: string, id: string, status: TicketStatus): Promise<TicketDto | null> {
    const updated = sql`UPDATE support_tickets SET status = ${status}, updated_at = now()
      WHERE id = ${id} AND company_id = ${companyId} AND status = 'pending' RETURNING *`;
    return this.db.one(sql`WITH t AS (${updated}) ${ticketsOf(raw('t'))}`);
  }

  /**
   * Locks the ticket's row until the caller's transaction ends, so that messages to one ticket
   * are posted one at a time, on every instance, and a concurrent close waits; its status.
   * Null when there is no such ticket.
   */
  /** What the mail about a message names: the ticket's theme, initiator and company, the author's name. */
  async mailContext(companyId: string, id: string, authorId: string): Promise<TicketMailContext> {
    const row = await this.db.one<TicketMailContext>(
      sql`SELECT t.theme, t.initiator_id, c.name AS company,
            (SELECT a.name FROM ${raw(ACCOUNT_PROFILES)} a WHERE a.id = ${authorId}) AS author
          FROM support_tickets t
          JOIN ${raw(COMPANY_PROFILES)} c ON c.id = t.company_id
          WHERE t.id = ${id} AND t.company_id = ${companyId}`,
    );
    return row!;
  }

  async lockTicket(companyId: string, id: string): Promise<TicketStatus | null> {
    const row = await this.db.one<{ status: TicketStatus }>(
      sql`SELECT status FROM support_tickets WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
    );
    return row?.status ?? null;
  }

  /**
   * The authors of the ticket's latest `count` messages, newest first. Run after lockTicket as a
   * statement of its own, so that (read committed) it sees every message committed before the
   * lock was granted.
   */
  async latestAuthors(companyId: string, ticketId: string, count: number): Promise<string[]> {
    const rows = await this.db.rows<{ account_id: string }>(
      sql`SELECT account_id FROM support_messages WHERE company_id = ${companyId} AND ticket_id = ${ticketId}
          ORDER BY created_at DESC, id DESC LIMIT ${count}`,
    );
    return rows.map((row) => row.account_id);
  }

  async createMessage(message: Partial<Row<SupportMessageEntity>>): Promise<MessageDto> {
    return (await this.db.one<MessageDto>(messagesOf(messages.insert(message))))!;
  }

  listMessages(companyId: string, ticketId: string, query: PageQueryDto): Promise<Page<MessageDto>> {
    return listPage(
      this.db,
      {
        from: 'support_messages m',
        where: new Where(sql`m.company_id = ${companyId}`, sql`m.ticket_id = ${ticketId}`),
        orderBy: 'm.created_at DESC, m.id DESC',
        key: ['m.id'],
        select: MESSAGE,
      },
      query,
    );
  }

  /** Sets the read flag; updated_at moves only when it changes. Null when the ticket has no such message. */
  setRead(companyId: string, ticketId: string, id: string, read: boolean): Promise<MessageDto | null> {
    return this.db.one(
      messagesOf(sql`UPDATE support_messages
          SET read = ${read}, updated_at = CASE WHEN read = ${read} THEN updated_at ELSE clock_timestamp() END
          WHERE id = ${id} AND ticket_id = ${ticketId} AND company_id = ${companyId}`),
    );
  }

  /** Every company's tickets, newest first (the operators' desk). */
  deskList(filter: DeskFilter, query: PageQueryDto): Promise<Page<DeskTicketDto>> {
    return listPage(
      this.db,
      {
        from: 'support_tickets t',
        where: new Where(sql`TRUE`)
          .equals('t.status', filter.status)
          .equals('t.company_id', filter.company_id)
          .equals('t.assigned_admin_id', filter.assigned_admin_id),
        orderBy: 't.created_at DESC, t.id DESC',
        key: ['t.id'],
        select: DESK_TICKET,
        join: WITH_LAST_MESSAGE,
      },
      query,
    );
  }

  deskTicket(id: string): Promise<DeskTicketDto | null> {
    return this.db.one(sql`${deskTicketsOf(raw('support_tickets t'))} WHERE t.id = ${id}`);
  }

  async companyOfTicket(id: string): Promise<string | null> {
    return (
      (await this.db.one<{ company_id: string }>(sql`SELECT company_id FROM support_tickets WHERE id = ${id}`))
        ?.company_id ?? null
    );
  }

  /** False when there is no such ticket. */
  async assign(id: string, adminId: string | null): Promise<boolean> {
    return (
      (await this.db.affected(
        sql`UPDATE support_tickets SET assigned_admin_id = ${adminId}, updated_at = now() WHERE id = ${id}`,
      )) > 0
    );
  }

  /** The author of the ticket's message; null when the ticket has no such message. */
  async messageAuthor(companyId: string, ticketId: string, id: string): Promise<string | null> {
    const row = await this.db.one<{ account_id: string }>(
      sql`SELECT account_id FROM support_messages WHERE id = ${id} AND ticket_id = ${ticketId} AND company_id = ${companyId}`,
    );
    return row?.account_id ?? null;
  }

  async editText(companyId: string, ticketId: string, id: string, text: string): Promise<DeskMessageDto> {
    return (await this.db.one<DeskMessageDto>(
      deskMessagesOf(sql`UPDATE support_messages SET text = ${text}, updated_at = clock_timestamp()
          WHERE id = ${id} AND ticket_id = ${ticketId} AND company_id = ${companyId}`),
    ))!;
  }

  async deleteMessage(companyId: string, ticketId: string, id: string): Promise<DeskMessageDto> {
    return (await this.db.one<DeskMessageDto>(
      deskMessagesOf(
        sql`DELETE FROM support_messages WHERE id = ${id} AND ticket_id = ${ticketId} AND company_id = ${companyId}`,
      ),
    ))!;
  }
}
