import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateBy } from 'class-validator';
import { objectPathError } from '../object-path';

/** Storage statistics (spec 2) of the company's bucket, from the counts the database keeps. */
export class MediaStatisticsDto {
  /** The bucket's name. */
  name: string;
  /** When the bucket was made: with the company. */
  creation_date: Date;
  /** The stored bytes in MiB, rounded up (a bucket with files never reads 0). */
  size_mb: number;
  object_count: number;
}

export class MediaFileQueryDto {
  /** The file's path in the bucket, as `object_path` of a Doc gives it. */
  @IsString()
  @ValidateBy({
    name: 'objectPath',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && objectPathError(value) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? objectPathError(args.value)! : 'must be a string'),
    },
  })
  @ApiProperty({ example: 'hrm/report/roster.pdf' })
  path: string;
}
