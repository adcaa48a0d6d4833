import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { SearchTerm, TrimmedName, TrimmedText } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { DealTypeEntity } from '../deal-type.entity';

export class ListDealTypesQueryDto extends PageQueryDto {
  /** Case-insensitive substring of the name or comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateDealTypeDto {
  @ApiProperty({ example: 'Поставка оборудования' })
  @TrimmedName(200)
  name: string;

  @ApiProperty({ example: 'Разовые поставки со склада' })
  @IsOptional()
  @TrimmedText(2000)
  comment?: string | null;
}

/** Only the fields sent change; null clears the comment. */
export class UpdateDealTypeDto extends PartialType(CreateDealTypeDto, { skipNullProperties: false }) {}

/** DealType (CONTRACT 16). */
export class DealTypeDto extends OmitType(DealTypeEntity, ['company_id', 'company'] as const) {}

/** The answer to a deletion, as the Kroncl server gives it. */
export class DealTypeDeletedDto {
  @ApiProperty({ format: 'uuid' })
  type_id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}
