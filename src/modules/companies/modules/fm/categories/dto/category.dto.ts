import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { ReadOnlyFields } from '../../../../../../core/http/tolerances';
import { OneOf, SearchTerm, TrimmedName } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { type Direction, DIRECTIONS, TransactionCategoryEntity } from '../category.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

export class ListCategoriesQueryDto extends PageQueryDto {
  @OneOf(DIRECTIONS, { optional: true })
  direction?: Direction;

  /** Case-insensitive substring of the name or the description (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

/** `system` may be sent as false, the value every category made through the API has (CONTRACT 17). */
@ReadOnlyFields({ system: false })
export class CreateCategoryDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Аренда офиса' })
  name: string;

  @OneOf(DIRECTIONS)
  direction: Direction;

  @FreeText('Ежемесячная аренда')
  description?: string | null;
}

/** Only the fields sent change; null clears the description. */
@ReadOnlyFields({ system: false })
export class UpdateCategoryDto extends PartialType(CreateCategoryDto, { skipNullProperties: false }) {}

/** A category as the API shows it: its columns but the company. */
export class CategoryDto extends OmitType(TransactionCategoryEntity, ['company_id', 'company'] as const) {}

/** The answer to a deletion, as the Kroncl server gives it. */
export class CategoryDeletedDto {
  @ApiProperty({ format: 'uuid' })
  category_id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}
