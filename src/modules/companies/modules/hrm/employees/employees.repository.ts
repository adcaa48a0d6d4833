import { Injectable } from '@nestjs/common';
import { ListSpec, listPage, Where } from '../../../../../core/pagination/list';
import { Page } from '../../../../../core/pagination/page';
import { Db } from '../../../../../database/db';
import { raw, rfc3339, Sql, sql } from '../../../../../database/sql';
import { Row, Table } from '../../../../../database/table';
import type { EmployeeDetailDto, EmployeeDto, ListEmployeesQueryDto, UpdateEmployeeDto } from './dto/employee.dto';
import { EmployeeEntity } from './employee.entity';

const employees = new Table(EmployeeEntity);
/** An employee as the API shows it (EmployeeDto), from rows aliased `e`. */
const EMPLOYEE = `${employees.answer('e', { except: ['company_id'] })}, e.account_id IS NOT NULL AS is_account_linked`;
/** An employee (aliased `e`) as the JSON of an EmployeeDto: a deal's `employees`. */
export const EMPLOYEE_JSON = employees.json(
  'e',
  { except: ['company_id'] },
  { is_account_linked: 'e.account_id IS NOT NULL' },
);

/** The employee's positions (PositionDto), by name, as a JSON array. */
const POSITIONS = `coalesce((
  SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'description', p.description,
    'permissions', p.permissions, 'created_at', ${rfc3339('p.created_at')}, 'updated_at', ${rfc3339('p.updated_at')})
    ORDER BY p.name, p.id)
  FROM employee_positions ep JOIN positions p ON p.id = ep.position_id AND p.company_id = e.company_id
  WHERE ep.employee_id = e.id), '[]')`;

/**
 * What `search` matches. It must stay identical to the expression of employees_search_trgm_idx
 * (migration Hrm), or the planner cannot use that index.
 */
const SEARCH_TEXT = `(e.first_name || ' ' || coalesce(e.last_name, '') || ' ' || coalesce(e.email, '') || ' ' || coalesce(e.phone, ''))`;

/** The employee list (exported for bench/hrm.js, which EXPLAINs its statements). */
export function employeeList(companyId: string, query: ListEmployeesQueryDto): ListSpec {
  return {
    from: 'employees e',
    where: new Where(sql`e.company_id = ${companyId}`)
      .equals('e.status', query.status)
      .contains(SEARCH_TEXT, query.search),
    orderBy: 'e.created_at DESC, e.id DESC',
    key: ['e.id'],
    select: EMPLOYEE,
  };
}

/** One line of the roster report: an employee with the names of their positions. */
export interface RosterEntry {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  positions: string[];
  sort_name: string;
}

/** Employees read per statement while the roster is drawn: the file streams, the rows never pile up. */
const ROSTER_BATCH = 500;

/** Employees of a statement's rows (`WITH e AS (… RETURNING *)`). */
const answer = (changed: Sql) => sql`WITH e AS (${changed}) SELECT ${raw(EMPLOYEE)} FROM e`;

@Injectable()
export class EmployeesRepository {
  constructor(private readonly db: Db) {}

  async create(companyId: string, employee: Partial<Row<EmployeeEntity>>): Promise<EmployeeDto> {
    return (await this.db.one<EmployeeDto>(
      answer(sql`${employees.insert({ ...employee, company_id: companyId })} RETURNING *`),
    ))!;
  }

  /**
   * Every employee of the company, by last and first name, with their positions' names: read
   * in batches after the last name seen (keyset), so a roster of any size costs one batch of
   * memory and each statement stays short.
   */
  async *roster(companyId: string): AsyncIterable<RosterEntry> {
    let after: RosterEntry | undefined;
    for (;;) {
      const batch = await this.db.rows<RosterEntry>(
        sql`SELECT e.id, e.first_name, e.last_name, e.email, e.phone, e.status,
              coalesce(e.last_name, '') AS sort_name,
              coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM employee_positions ep
                JOIN positions p ON p.id = ep.position_id AND p.company_id = e.company_id
                WHERE ep.employee_id = e.id), '{}') AS positions
            FROM employees e
            WHERE e.company_id = ${companyId}
              ${after ? sql`AND (coalesce(e.last_name, ''), e.first_name, e.id) > (${after.sort_name}, ${after.first_name}, ${after.id})` : sql``}
            ORDER BY coalesce(e.last_name, ''), e.first_name, e.id
            LIMIT ${ROSTER_BATCH}`,
      );
      yield* batch;
      if (batch.length < ROSTER_BATCH) return;
      after = batch[batch.length - 1];
    }
  }

  list(companyId: string, query: ListEmployeesQueryDto): Promise<Page<EmployeeDto>> {
    return listPage(this.db, employeeList(companyId, query), query);
  }

  findOne(companyId: string, id: string): Promise<EmployeeDto | null> {
    return this.db.one(
      sql`SELECT ${raw(EMPLOYEE)} FROM employees e WHERE e.id = ${id} AND e.company_id = ${companyId}`,
    );
  }

  /** Of `ids`, those that are active employees of the company (a deal's employees must be). */
  async activeAmong(companyId: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.db.rows<{ id: string }>(
      sql`SELECT id FROM employees WHERE company_id = ${companyId} AND status = 'active' AND id = ANY(${ids}::uuid[])`,
    );
    return new Set(rows.map((row) => row.id));
  }

  detail(companyId: string, id: string): Promise<EmployeeDetailDto | null> {
    return this.db.one(
      sql`SELECT ${raw(EMPLOYEE)}, ${raw(POSITIONS)} AS positions
          FROM employees e WHERE e.id = ${id} AND e.company_id = ${companyId}`,
    );
  }

  /** Changes the fields sent (updated_at with them). Null when there is no such employee. */
  update(companyId: string, id: string, changes: UpdateEmployeeDto): Promise<EmployeeDto | null> {
    const set = employees.assignments(changes, ['first_name', 'last_name', 'email', 'phone']);
    if (!set) return this.findOne(companyId, id);
    return this.db.one(
      answer(sql`UPDATE employees SET ${set}, updated_at = now()
        WHERE id = ${id} AND company_id = ${companyId} RETURNING *`),
    );
  }

  /** Sets the status; updated_at moves only when it changes. Null when there is no such employee. */
  setStatus(companyId: string, id: string, status: string): Promise<EmployeeDto | null> {
    return this.db.one(answer(sql`${employees.setStatus(companyId, id, status)} RETURNING *`));
  }

  /**
   * Links the account to a card that has none. Null when the card is gone or got an account
   * meanwhile; a second card for the account violates employees_company_account_key.
   */
  linkAccount(companyId: string, id: string, accountId: string): Promise<EmployeeDto | null> {
    return this.db.one(
      answer(sql`UPDATE employees SET account_id = ${accountId}, linked_at = now(), updated_at = now()
        WHERE id = ${id} AND company_id = ${companyId} AND account_id IS NULL RETURNING *`),
    );
  }

  /** Unlinks the card's account, if any; updated_at moves only when one was linked. Null when there is no such card. */
  unlinkCard(companyId: string, id: string): Promise<EmployeeDto | null> {
    return this.db.one(
      answer(sql`UPDATE employees
        SET account_id = NULL, linked_at = NULL,
            updated_at = CASE WHEN account_id IS NULL THEN updated_at ELSE now() END
        WHERE id = ${id} AND company_id = ${companyId} RETURNING *`),
    );
  }

  /** Unlinks the account from its employee card in the company, so the card's permissions stop applying. */
  async unlinkAccount(companyId: string, accountId: string): Promise<void> {
    await this.db.affected(
      sql`UPDATE employees SET account_id = NULL, linked_at = NULL, updated_at = now()
          WHERE company_id = ${companyId} AND account_id = ${accountId}`,
    );
  }

  /** Gives the employee the position (both of the company); nothing changes when they hold it already. */
  async addPosition(companyId: string, employeeId: string, positionId: string): Promise<void> {
    const added = await this.db.affected(
      sql`INSERT INTO employee_positions (employee_id, position_id, company_id)
          VALUES (${employeeId}, ${positionId}, ${companyId}) ON CONFLICT DO NOTHING`,
    );
    if (added > 0) await this.touch(companyId, employeeId);
  }

  /** Takes the position from the employee; nothing changes when they do not hold it. */
  async removePosition(companyId: string, employeeId: string, positionId: string): Promise<void> {
    const removed = await this.db.affected(
      sql`DELETE FROM employee_positions
          WHERE employee_id = ${employeeId} AND position_id = ${positionId} AND company_id = ${companyId}`,
    );
    if (removed > 0) await this.touch(companyId, employeeId);
  }

  private async touch(companyId: string, id: string): Promise<void> {
    await this.db.affected(sql`UPDATE employees SET updated_at = now() WHERE id = ${id} AND company_id = ${companyId}`);
  }
}
