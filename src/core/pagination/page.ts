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
 * A page of a list and the list's exact total. Services return it; the envelope (`answerData`)
 * recognises the type and renders `{ <key>: items, pagination }`, with the key the route
 * declared (`@ApiPage`), so the key is written once.
 */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly total: number,
    readonly query: Pick<PageQueryDto, 'page' | 'limit'>,
    readonly totalExact = true,
  ) {}

  render(key: string): Record<string, T[] | Pagination> {
    const { page, limit } = this.query;
    return {
      [key]: this.items,
      pagination: {
        total: this.total,
        page,
        limit,
        pages: Math.ceil(this.total / limit),
        total_exact: this.totalExact,
      },
    };
  }
}
