/** How many first bytes sniffContentType looks at. */
export const SNIFF_BYTES = 512;

/** Formats told by their first bytes (magic numbers), each with the content type it stores as. */
const SIGNATURES: Array<{ type: string; bytes: number[]; offset?: number }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
  { type: 'image/bmp', bytes: [0x42, 0x4d] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { type: 'application/vnd.rar', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { type: 'video/mp4', bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 },
  { type: 'audio/mpeg', bytes: [0x49, 0x44, 0x33] },
  { type: 'application/x-msdownload', bytes: [0x4d, 0x5a] },
];

/** Zip containers, told apart by the extension the client gave (their first bytes are the same). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_BY_EXTENSION: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
};

/** Markup a browser renders as a page (and runs its scripts), by how the text starts. */
const MARKUP: Array<{ type: string; pattern: RegExp }> = [
  { type: 'image/svg+xml', pattern: /^<svg[\s>]/i },
  {
    type: 'text/html',
    pattern: /^<(!doctype html|html|head|body|script|iframe|a|div|p|br|h1|table|title|style)[\s>]/i,
  },
  { type: 'application/xml', pattern: /^<\?xml[\s?]/i },
];

/** Content types that a browser would show as a page: their links and downloads are forced to attachments. */
const RENDERED_AS_PAGE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z0-9.+-]+\+xml)$/i;

export function rendersAsPage(contentType: string): boolean {
  return RENDERED_AS_PAGE.test(contentType.split(';')[0].trim());
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/**
 * What the bytes are, from their first SNIFF_BYTES: a known format's type, markup a browser
 * would render (HTML, SVG, XML: whatever the client claimed), or else the client's claim when
 * it is a well-formed type, `application/octet-stream` otherwise.
 */
export function sniffContentType(head: Buffer, claimed: string | undefined, extension: string): string {
  for (const { type, bytes, offset } of SIGNATURES) if (startsWith(head, bytes, offset)) return type;
  if (startsWith(head, ZIP)) return ZIP_BY_EXTENSION[extension] ?? 'application/zip';
  const text = head
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart();
  for (const { type, pattern } of MARKUP)
    if (pattern.test(text)) return type === 'application/xml' && /<svg[\s>]/i.test(text) ? 'image/svg+xml' : type;
  const type = claimed?.split(';')[0].trim().toLowerCase();
  if (type && /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/.test(type) && !/^(image|video|audio)\//.test(type)) return type;
  return 'application/octet-stream';
}
