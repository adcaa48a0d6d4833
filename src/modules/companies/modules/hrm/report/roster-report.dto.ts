import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { OneOf, TrimmedText } from '../../../../../core/http/validators';
import type { DocFormat } from '../../docs/docs.face';

export const REPORT_FORMATS: readonly DocFormat[] = ['pdf', 'xlsx'];

export class RosterReportDto {
  /** The file format (default pdf). */
  @OneOf(REPORT_FORMATS, { optional: true, default: 'pdf' })
  format?: DocFormat;

  /** Kept on the document's registry row and printed under the document's title. */
  @IsOptional()
  @TrimmedText(1000)
  @ApiProperty({ example: 'Roster for the monthly review' })
  comment?: string;
}
