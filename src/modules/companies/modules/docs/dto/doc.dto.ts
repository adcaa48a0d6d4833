import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';
import { DOC_MODULES, DocEntity, type DocModule } from '../doc.entity';
import { OneOf } from '../../../../../core/http/validators';

const trimToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;

export class ListDocsQueryDto extends PageQueryDto {
  @OneOf(DOC_MODULES, { optional: true })
  module?: DocModule;

  /** The document type, e.g. report or invoice. */
  @IsOptional()
  @IsString()
  @Matches(/^[a-z][a-z0-9_-]{0,31}$/, { message: 'must be a document type such as report or invoice' })
  @ApiProperty({ example: 'report' })
  type?: string;

  /** Case-insensitive substring of the comment or the object path (up to 100 characters). */
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(100)
  @ApiProperty({ example: 'roster' })
  search?: string;
}

/** Doc (spec 2): metadata only; the file is downloaded by its object_path. */
export class DocDto extends OmitType(DocEntity, ['company_id', 'company'] as const) {}
