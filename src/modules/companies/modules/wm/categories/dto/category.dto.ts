import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { Metadata, OneOf, SearchTerm, TrimmedName } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { CATALOG_STATUSES, CatalogCategoryEntity, type CatalogStatus } from '../category.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

export class ListCatalogCategoriesQueryDto extends PageQueryDto {
  @OneOf(CATALOG_STATUSES, { optional: true })
  status?: CatalogStatus;

  /** Only the children of this category; `null` for the roots. */
  @ApiProperty({ required: false, description: 'A category id, or `null` for the root categories' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'null' ? null : value))
  @ValidateIf((_query: object, value: unknown) => value !== null)
  @IsUUID()
  parent_id?: string | null;

  /** Case-insensitive substring of the name or comment (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreateCatalogCategoryDto {
  /** Unique within the company (409). */
  @TrimmedName(200)
  @ApiProperty({ example: 'Канцтовары' })
  name: string;

  @FreeText('Бумага, ручки, папки')
  comment?: string | null;

  /** A category of this company, never the category itself or one of its descendants; null for a root. */
  @IsOptional()
  @IsUUID()
  parent_id?: string | null;

  @Metadata()
  metadata?: object | null;
}

/** Every field optional; only the fields sent change; null clears comment, parent_id or metadata. */
export class UpdateCatalogCategoryDto extends PartialType(CreateCatalogCategoryDto, { skipNullProperties: false }) {}

/** A category as the API shows it: its columns but the company. */
export class CatalogCategoryDto extends OmitType(CatalogCategoryEntity, ['company_id', 'company', 'parent'] as const) {}
