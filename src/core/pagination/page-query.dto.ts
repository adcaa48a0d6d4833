import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and keeps the OFFSET an exact integer that PostgreSQL accepts. */
export const MAX_PAGE = 10_000_000;

/** `page` and `limit` of every list (CONTRACT section 4); list query DTOs extend it. */
export class PageQueryDto {
  // Optional (it has a default), which the plugin cannot tell from a property without `?`.
  @ApiPropertyOptional({ type: 'integer', description: 'Page number, from 1 to 10,000,000.', default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', description: 'Page size, 1 to 100.', default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit: number = 20;
}

export function pageOffset(query: PageQueryDto): number {
  return (query.page - 1) * query.limit;
}
