/** The content types of the files a company's bucket holds: the documents the docs module generates. */
export const FILE_CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** What a download answers with for an object stored without a content type. */
export const UNTYPED_FILE = 'application/octet-stream';

/** Every content type a download can answer with, each a binary body (the OpenAPI `content` of a download). */
export const DOWNLOAD_CONTENT = Object.fromEntries(
  [...Object.values(FILE_CONTENT_TYPES), UNTYPED_FILE].map((type) => [
    type,
    { schema: { type: 'string', format: 'binary' } },
  ]),
);
