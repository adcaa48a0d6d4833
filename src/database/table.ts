import type { Type } from '@nestjs/common';
import { getMetadataArgsStorage } from 'typeorm';
import { join, raw, rfc3339, Sql, sql } from './sql';

/**
 * A table's row as the database returns it: the entity's column properties. Entities name
 * their properties as the columns and the API name their fields (snake_case), so one spelling
 * runs from the schema to the JSON. Relations are declared optional (`company?: …`) and are
 * not columns, so optional properties are left out.
 */
export type Row<E> = { [K in keyof E as undefined extends E[K] ? never : K]: E[K] };
export type ColumnName<E> = keyof Row<E> & string;

/** Which columns a SELECT list takes: these, or every selected one but these. */
export type Columns<E> = readonly ColumnName<E>[] | { except: readonly ColumnName<E>[] };

interface ColumnInfo {
  name: string;
  /** In the default SELECT list (`select: false` hides secrets such as hashes). */
  selected: boolean;
  /** Written by INSERT (generated ids and timestamps are not). */
  insertable: boolean;
  /** Changed by UPDATE (`update: false` marks what never changes, e.g. company_id). */
  updatable: boolean;
  /** jsonb: node-postgres would send a JS array as a Postgres array, so JSON goes as text. */
  json: boolean;
  timestamptz: boolean;
}

/** The entity's columns, its base classes' first, in declaration order. */
function columnsOf(entity: Function): ColumnInfo[] {
  const storage = getMetadataArgsStorage();
  const lineage: Function[] = [];
  for (let target = entity; target !== Function.prototype; target = Object.getPrototypeOf(target)) {
    lineage.unshift(target);
  }
  const generated = new Set(
    storage.generations.filter((g) => lineage.includes(g.target as Function)).map((g) => g.propertyName),
  );
  return storage.filterColumns(lineage).map(({ propertyName, mode, options }) => {
    const writable = mode === 'regular' && !generated.has(propertyName);
    return {
      name: options.name ?? propertyName,
      selected: options.select !== false,
      insertable: writable && options.insert !== false,
      updatable: writable && options.update !== false,
      json: options.type === 'jsonb' || options.type === 'json',
      timestamptz: options.type === 'timestamptz',
    };
  });
}

/**
 * A table, declared once by its entity: the SELECT list, the insertable and updatable columns
 * and the row type all derive from it. Repositories write their SQL by hand (the plans are
 * visible and tested); this only takes away the plumbing around it.
 */
export class Table<E> {
  readonly name: string;
  private readonly columns: ColumnInfo[];
  private readonly byName: Map<string, ColumnInfo>;

  constructor(entity: Type<E>) {
    const table = getMetadataArgsStorage().tables.find((t) => t.target === entity);
    if (!table?.name) throw new Error(`${entity.name} is not an @Entity with a table name`);
    this.name = table.name;
    this.columns = columnsOf(entity);
    this.byName = new Map(this.columns.map((column) => [column.name, column]));
  }

  /** A SELECT list, qualified by `alias` when given: every selected column by default. */
  list(alias?: string, columns: Columns<E> = { except: [] }): string {
    return this.chosen(columns)
      .map((name) => (alias ? `${alias}.${name}` : name))
      .join(', ');
  }

  /**
   * The same list for rows that go straight into an answer: each timestamptz comes as the text
   * the answer shows (rfc3339, exactly what JSON makes of the Date). node-postgres would parse
   * every timestamp into a Date only for it to be written back as text, and on a page of rows
   * that is a tenth of the request's CPU (issue 9). Not for rows the code still reads.
   */
  answer(alias: string, columns: Columns<E> = { except: [] }): string {
    return this.chosen(columns)
      .map((name) =>
        this.byName.get(name)?.timestamptz ? `${rfc3339(`${alias}.${name}`)} AS ${name}` : `${alias}.${name}`,
      )
      .join(', ');
  }

  /**
   * The row of `alias` as one JSON object with the same fields as `answer` (timestamps as the
   * answer writes them), plus `extra` pairs (`{source: '<sql>'}`): a resource nested in another.
   */
  json(alias: string, columns: Columns<E> = { except: [] }, extra: Record<string, string> = {}): string {
    const pairs = this.chosen(columns).map((name) =>
      this.byName.get(name)?.timestamptz ? `'${name}', ${rfc3339(`${alias}.${name}`)}` : `'${name}', ${alias}.${name}`,
    );
    const more = Object.entries(extra).map(([name, expression]) => `'${name}', ${expression}`);
    return `json_build_object(${[...pairs, ...more].join(', ')})`;
  }

  private chosen(columns: Columns<E>): readonly string[] {
    if (Array.isArray(columns)) return columns;
    return this.columns
      .filter((c) => c.selected && !('except' in columns && columns.except.includes(c.name as never)))
      .map((c) => c.name);
  }

  /** The same list as a fragment, for `sql\`SELECT ${table.select('c')} …\``. */
  select(alias?: string, columns?: Columns<E>): Sql {
    return raw(this.list(alias, columns));
  }

  /**
   * `INSERT INTO <table> (…) VALUES (…)` of the insertable columns that `values` sets (not
   * undefined). A column left out takes its default, or NULL: nothing needs filling with nulls
   * first. Append `RETURNING …`, `ON CONFLICT …` as the statement needs.
   */
  insert(values: Partial<Row<E>>): Sql {
    const set = this.present(values, (column) => column.insertable);
    return sql`INSERT INTO ${raw(this.name)} (${raw(set.map(([c]) => c.name).join(', '))}) VALUES (${join(
      set.map(([c, value]) => sql`${this.param(c, value)}`),
      ', ',
    )})`;
  }

  /**
   * The SET list of a partial update: only the fields that were sent (not undefined), and only
   * updatable columns (of `allowed`, when given), so a stray key never reaches the SQL. Null when
   * nothing is to change.
   */
  assignments(changes: Partial<Row<E>>, allowed?: readonly ColumnName<E>[]): Sql | null {
    const set = this.present(
      changes,
      (column) => column.updatable && (!allowed || allowed.includes(column.name as ColumnName<E>)),
    );
    if (set.length === 0) return null;
    return join(
      set.map(([column, value]) => sql`${raw(column.name)} = ${this.param(column, value)}`),
      ', ',
    );
  }

  /**
   * A status transition (activate, deactivate, close…) of the company's row `id`:
   * `UPDATE <table> SET status = …` that moves `updated_at` only when the status changes, so
   * repeating a transition changes nothing. Append `RETURNING …`; no row: not this company's.
   */
  setStatus(companyId: string, id: string, status: string): Sql {
    return sql`UPDATE ${raw(this.name)}
      SET status = ${status}, updated_at = CASE WHEN status = ${status} THEN updated_at ELSE now() END
      WHERE id = ${id} AND company_id = ${companyId}`;
  }

  private present(values: object, accepts: (column: ColumnInfo) => boolean): Array<[ColumnInfo, unknown]> {
    return Object.entries(values).flatMap(([key, value]) => {
      const column = this.byName.get(key);
      return column && value !== undefined && accepts(column) ? [[column, value] as [ColumnInfo, unknown]] : [];
    });
  }

  private param(column: ColumnInfo, value: unknown): unknown {
    return column.json && value !== null ? JSON.stringify(value) : value;
  }
}
