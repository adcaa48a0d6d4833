import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { TrimmedText } from '../../../core/http/validators';
import type { DocFormat } from '../../docs/docs.face';

export const REPORT_FORMATS: readonly DocFormat[] = ['pdf', 'xlsx'];

export class RosterReportDto {
  /** The file format (default pdf). */
  @ApiProperty({ enum: REPORT_FORMATS, required: false, default: 'pdf' })
  @IsOptional()
  @IsIn(REPORT_FORMATS)
  format?: DocFormat;

  /** Kept on the document's registry row. */
  @IsOptional()
  @TrimmedText(1000)
  @ApiProperty({ example: 'Roster for the monthly review' })
  comment?: string;
}
