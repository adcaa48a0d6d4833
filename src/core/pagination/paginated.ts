import type { PageQueryDto } from './page-query.dto';

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/**
 * A page of a list. Handlers return it; the envelope interceptor recognises the type and
 * renders `{ <key>: items, pagination }`.
 */
export class Paginated<T> {
  constructor(
    readonly key: string,
    readonly items: T[],
    readonly total: number,
    readonly query: Pick<PageQueryDto, 'page' | 'limit'>,
  ) {}

  toJSON(): Record<string, T[] | Pagination> {
    const { page, limit } = this.query;
    return {
      [this.key]: this.items,
      pagination: { total: this.total, page, limit, pages: Math.ceil(this.total / limit) },
    };
  }
}
