import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StagedWrite } from '../../../core/audit/staged-write';
import { MediaService } from '../../storage/media.service';
import type { DocModule } from '../doc.entity';
import { DocsRepository } from '../docs.repository';
import type { DocDto } from '../dto/doc.dto';
import { CONTENT_TYPES, DocFormat, RENDERERS, TableContent } from './renderers';

export interface GenerateDocument extends TableContent {
  module: DocModule;
  /** The document type, a fixed word of the calling module (report, invoice, …). */
  type: string;
  format: DocFormat;
  comment?: string | null;
}

const DOC_TYPE = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * `<module>/<type>/<yyyy>/<mm>/<uuid>.<ext>`: from the module's own words and the clock, never
 * from user text, and unique by its UUID.
 */
export function objectPathFor(module: DocModule, type: string, format: DocFormat, at = new Date()): string {
  if (!DOC_TYPE.test(type)) throw new Error(`Invalid document type '${type}'`);
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${module}/${type}/${at.getUTCFullYear()}/${month}/${randomUUID()}.${format}`;
}

/**
 * Turns a module's data into a stored file and its Doc row (docs/documents.md, "Generator").
 * The file is rendered to a temporary file as the rows arrive (never held in memory whole),
 * stored within the plan's limits, and the Doc row is written only after that: the route
 * (`@UploadsFirst()`) returns the StagedWrite, and the audit interceptor commits the row with
 * its audit record, or abandons it (the object removed, its room released).
 */
@Injectable()
export class DocumentGenerator {
  private readonly logger = new Logger('DocumentGenerator');

  constructor(
    private readonly media: MediaService,
    private readonly docs: DocsRepository,
  ) {}

  async generate(companyId: string, request: GenerateDocument): Promise<StagedWrite<DocDto>> {
    const objectPath = objectPathFor(request.module, request.type, request.format);
    const directory = await mkdtemp(join(tmpdir(), 'doc-'));
    const file = join(directory, `document.${request.format}`);
    let size: number;
    try {
      await RENDERERS[request.format](request, file);
      size = (await stat(file)).size;
      await this.media.store(companyId, objectPath, () => createReadStream(file), size, CONTENT_TYPES[request.format]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    return new StagedWrite(
      () =>
        this.docs.create(companyId, {
          object_path: objectPath,
          module: request.module,
          type: request.type,
          comment: request.comment ?? null,
        }),
      async () => {
        this.logger.warn({ company_id: companyId, path: objectPath }, 'Doc row not written; removing its file');
        await this.media.remove(companyId, objectPath, size);
      },
    );
  }
}
