import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, ValidateBy } from 'class-validator';
import { UPLOAD_TAGS } from '../multipart-upload';
import { linkSeconds } from '../link-expiry';
import { objectPathError } from '../../../../core/storage/object-path';

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

/** The form of an upload, as Swagger UI offers it (a file picker); the service reads the stream itself. */
export class UploadFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The file (one part named `file`)' })
  file: unknown;
  @ApiProperty({
    required: false,
    enum: [...UPLOAD_TAGS, ''],
    description: 'The folder of the object; send it before `file`',
  })
  tag?: string;
}

/** A stored upload. */
export class UploadedFileDto {
  /** The object's path in the company's bucket: `<tag>/<uuid><.ext>` or `<uuid><.ext>`. */
  path: string;
  /** Bytes stored. */
  size: number;
  /** What the bytes are (sniffed from their first bytes where the format is known). */
  content_type: string;
  /** A direct link to the object, working without a credential for 15 minutes. */
  preview_url: string;
}

export class DeletedFileDto {
  path: string;
  @ApiProperty({ enum: [true] })
  deleted: true;
}

export class PresignedUrlQueryDto extends MediaFileQueryDto {
  /** How long the link works, as a Go duration (`30s` to `168h`); 15 minutes when absent. */
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'goDuration',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && linkSeconds(value) !== null,
      defaultMessage: () => 'must be a duration such as 30s, 15m or 2h30m, from 30s to 168h',
    },
  })
  expiry?: string;
}

export class PresignedUrlDto {
  /** Works without a credential until `expires_at`. */
  url: string;
  expires_at: Date;
}
