import type { PageQueryDto } from './page-query.dto';

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  pages: number;
  /** False only for a search whose matches passed the bound of its count (CONTRACT 4). */
  total_exact: boolean;
}

/**
 * A page's items as the JSON array text PostgreSQL wrote (listPage): the answer carries the text
 * as it is, so the rows are never parsed into objects nor serialised again (issue 42).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A page of a list and the list's exact total. Services return it; the envelope (`answerData`,
 * EnvelopingExpressAdapter) recognises the type and renders `{ <key>: items, pagination }`, with
 * the key the route declared (`@ApiPage`), so the key is written once.
 */
export class Page<T> {
  constructor(
    readonly items: T[] | JsonText,
    readonly total: number,
    readonly query: Pick<PageQueryDto, 'page' | 'limit'>,
    readonly totalExact = true,
  ) {}

  pagination(): Pagination {
    const { page, limit } = this.query;
    return { total: this.total, page, limit, pages: Math.ceil(this.total / limit), total_exact: this.totalExact };
  }

  /** The items as objects, parsed from the text when PostgreSQL wrote them: for a caller that reads them in Node. */
  itemObjects(): T[] {
    return this.items instanceof JsonText ? (JSON.parse(this.items.text) as T[]) : this.items;
  }

  /** The page as objects: what an audit record or a stored answer keeps. */
  render(key: string): Record<string, T[] | Pagination> {
    return { [key]: this.itemObjects(), pagination: this.pagination() };
  }

  /** The same value as JSON text, with the items' text written as it is: what the answer sends. */
  renderJson(key: string): string {
    const items = this.items instanceof JsonText ? this.items.text : JSON.stringify(this.items);
    return `{${JSON.stringify(key)}:${items},"pagination":${JSON.stringify(this.pagination())}}`;
  }
}
