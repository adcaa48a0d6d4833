import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, ValidateBy } from 'class-validator';
import { Omittable } from '../http/validators';
import { objectPathError } from '../storage/object-path';

/** Most files one record names (CONTRACT 22). */
export const MAX_ATTACHMENTS = 20;
/** The folder of the company's bucket that uploads tagged `attachments` go to; a record names nothing else. */
export const ATTACHMENTS_FOLDER = 'attachments/';

/** A file a record names, as the store reported it when it was attached. */
export class AttachmentDto {
  /** The object's path in the company's bucket (`GET …/storage/media/file?path=` downloads it). */
  @ApiProperty({ example: 'attachments/6f1c2a4e-8b7d-4c3e-9f10-2b5a7d8e9c01.pdf' })
  path: string;
  /** Bytes. */
  size: number;
  @ApiProperty({ example: 'application/pdf' })
  content_type: string;
}

/** Why `path` cannot be attached, before the store is asked; null when it can. */
function attachmentPathError(path: unknown): string | null {
  if (typeof path !== 'string') return 'must be a string';
  if (!path.startsWith(ATTACHMENTS_FOLDER)) {
    return `must be under ${ATTACHMENTS_FOLDER} (a file uploaded with tag attachments)`;
  }
  return objectPathError(path);
}

/** The first path of the list that cannot be attached, as `item <i> (<path>) <why>`; null when none. */
function firstBadPath(paths: unknown): string | null {
  if (!Array.isArray(paths)) return null;
  for (const [i, path] of paths.entries()) {
    const error = attachmentPathError(path);
    if (error) return `item ${i} (${JSON.stringify(path)}) ${error}`;
  }
  return null;
}

/**
 * A record's `attachments` as sent: left out (a change keeps the record's list), or the whole
 * new list: at most 20 distinct paths of files under `attachments/` ([] detaches every file).
 * Whether each is a file of this company is asked of the store afterwards (RecordAttachments.check).
 */
export const Attachments = () =>
  applyDecorators(
    ApiProperty({
      type: [String],
      required: false,
      maxItems: MAX_ATTACHMENTS,
      uniqueItems: true,
      example: [],
      description:
        `Paths of files of this company uploaded with tag \`attachments\` (\`POST …/storage/media/upload\`), ` +
        `at most ${MAX_ATTACHMENTS}; the whole list: left out keeps the record's files, [] detaches them all`,
    }),
    Omittable(),
    IsArray(),
    ArrayMaxSize(MAX_ATTACHMENTS, { message: `must name at most ${MAX_ATTACHMENTS} files` }),
    ArrayUnique(undefined, { message: 'must not name a file twice' }),
    ValidateBy({
      name: 'attachmentPaths',
      validator: {
        validate: (paths: unknown) => firstBadPath(paths) === null,
        defaultMessage: (args) => firstBadPath(args?.value) ?? 'must be paths of files',
      },
    }),
  );
