import { SearchTerm } from '../../../core/http/validators';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';

/** Filters of the caller's company list. */
export class MyCompaniesQueryDto extends PageQueryDto {
  /** Part of the company's name or slug, case-insensitive. */
  @SearchTerm()
  search?: string;
}
