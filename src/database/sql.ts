/**
 * SQL as tagged templates: `sql\`SELECT … WHERE id = ${id}\`` keeps every value a parameter and
 * numbers the parameters itself, so no statement is written with `$1…$n` by hand. A value that is
 * itself an `Sql` (a fragment) is spliced in, its own values renumbered; `raw()` splices text that
 * comes from code (column lists of a table declaration), never from a request.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** The text with `$n` placeholders and the values they stand for, in order. */
  render(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.append(values);
    return { text, values };
  }

  private append(values: unknown[]): string {
    let text = this.strings[0];
    this.values.forEach((value, i) => {
      if (value instanceof Sql) {
        text += value.append(values);
      } else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1];
    });
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Text spliced in as it is: only for SQL written in the code (identifiers, column lists). */
export const raw = (text: string): Sql => new Sql([text], []);

/** Fragments joined by a separator, e.g. conditions by ` AND `. */
export function join(fragments: readonly Sql[], separator: string): Sql {
  if (fragments.length === 0) return raw('');
  return new Sql(['', ...fragments.slice(1).map(() => separator), ''], fragments);
}

/**
 * A timestamptz as the API writes every time (RFC 3339, UTC, milliseconds), for timestamps
 * built into JSON by SQL: json_build_object would write Postgres's own format.
 */
export const rfc3339 = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
