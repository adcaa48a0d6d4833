import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsString, ValidateBy } from 'class-validator';
import { PERMISSION_CODES } from '../../../../../../vocabulary';
import { Omittable, SearchTerm, TrimmedName } from '../../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../../core/pagination/page-query.dto';
import { PositionEntity } from '../position.entity';
import { FreeText } from '../../../../../../core/fields/free-text';

const CATALOG = new Set<string>(PERMISSION_CODES);

/** Sent codes, each once, in catalog order (what is stored and answered). */
const distinctSorted = ({ value }: { value: unknown }) =>
  Array.isArray(value) && value.every((code) => typeof code === 'string') ? [...new Set(value)].sort() : value;

/** Codes of the permission catalog only (CONTRACT 6); the message names the unknown ones. */
const CatalogCodes = () =>
  ValidateBy({
    name: 'isCatalogCode',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((code) => CATALOG.has(code as string)),
      defaultMessage: (args) =>
        `unknown permission code(s): ${(Array.isArray(args?.value) ? (args.value as unknown[]) : [])
          .filter((code) => !CATALOG.has(code as string))
          .map((code) => JSON.stringify(code))
          .join(', ')} (GET /api/v1/permissions lists the catalog)`,
    },
  });

export class ListPositionsQueryDto extends PageQueryDto {
  /** Case-insensitive substring of the name (up to 100 characters). */
  @SearchTerm()
  search?: string;
}

export class CreatePositionDto {
  @TrimmedName(200)
  @ApiProperty({ example: 'Sales manager' })
  name: string;

  @FreeText('Works with the clients of the Moscow office')
  description?: string | null;

  /** Permission codes of the catalog; stored once each, sorted. Default none. */
  @ApiProperty({ enum: PERMISSION_CODES, isArray: true, required: false, default: [] })
  @Omittable()
  @Transform(distinctSorted)
  @IsArray()
  @IsString({ each: true })
  @CatalogCodes()
  permissions?: string[];
}

/** Every field optional; only the fields sent change; null clears description (refused for the others). */
export class UpdatePositionDto extends PartialType(CreatePositionDto, { skipNullProperties: false }) {}

/** A position as the API shows it: its columns but the company. */
export class PositionDto extends OmitType(PositionEntity, ['company_id', 'company'] as const) {}
