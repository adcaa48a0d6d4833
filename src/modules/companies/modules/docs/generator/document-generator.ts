import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StagedWrite } from '../../../../../core/audit/staged-write';
import { StorageService } from '../../../../../core/storage/storage.service';
import { CompanyNames } from '../../../companies/companies.face';
import { MediaService } from '../../../storage/storage.face';
import type { DocModule } from '../doc.entity';
import { DocsRepository } from '../docs.repository';
import type { DocDto } from '../dto/doc.dto';
import { DocumentName, documentFileName } from './file-name';
import { PdfDrawing, renderDrawing, stopDrawingWorker } from './pdf-drawing';
import { CONTENT_TYPES, DocFormat, RENDERERS, TableContent } from './renderers';

/** What the registry row of a document says. */
export interface DocumentKind {
  module: DocModule;
  /** The document type, a fixed word of the calling module (report, invoice, …). */
  type: string;
  /** The request's comment: kept on the registry row and printed under the title. */
  comment?: string | null;
  /** What the file is called when downloaded (`roster-2026-11-24.pdf`). */
  name: DocumentName;
}

export interface GenerateDocument extends TableContent, DocumentKind {
  format: DocFormat;
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
 * (`@PreparesFirst()`) returns the StagedWrite, and the audit interceptor commits the row with
 * its audit record, or abandons it (the object removed, its room released).
 */
@Injectable()
export class DocumentGenerator implements OnApplicationShutdown {
  private readonly logger = new Logger('DocumentGenerator');

  constructor(
    private readonly media: MediaService,
    private readonly docs: DocsRepository,
    private readonly storage: StorageService,
    private readonly companies: CompanyNames,
  ) {}

  onApplicationShutdown(): Promise<void> {
    return stopDrawingWorker();
  }

  /**
   * A table document; under its title go the company's name, the module's subtitle lines and the
   * request's comment, so whoever receives the file sees whose it is and why it was made.
   */
  async generate(companyId: string, request: GenerateDocument): Promise<StagedWrite<DocDto>> {
    const objectPath = objectPathFor(request.module, request.type, request.format);
    const content: TableContent = {
      ...request,
      subtitle: [
        await this.companies.nameOf(companyId),
        ...(request.subtitle ?? []),
        ...(request.comment ? [`Комментарий: ${request.comment}`] : []),
      ],
    };
    const size = await this.renderAndStore(companyId, objectPath, request, (file) =>
      RENDERERS[request.format](content, file),
    );
    return this.staged(companyId, objectPath, size, request);
  }

  /** Commits the stored file's Doc row; abandoning gives its room back and removes it in the background. */
  private staged(companyId: string, objectPath: string, size: number, request: DocumentKind): StagedWrite<DocDto> {
    return new StagedWrite(
      () => this.createDoc(companyId, objectPath, request),
      async () => {
        this.logger.warn({ company_id: companyId, path: objectPath }, 'Doc row not written; removing its file');
        await this.media.remove(companyId, objectPath, size);
      },
    );
  }

  /**
   * A PDF drawn by the module's own function (an invoice), stored like `generate`'s files: the
   * object first, its Doc row in the commit. The drawing prints the company and comment itself.
   */
  async draw<D>(companyId: string, request: DocumentKind & { drawing: PdfDrawing<D> }): Promise<StagedWrite<DocDto>> {
    const objectPath = objectPathFor(request.module, request.type, 'pdf');
    const size = await this.renderAndStore(companyId, objectPath, { ...request, format: 'pdf' }, (file) =>
      renderDrawing(request.drawing, file),
    );
    return this.staged(companyId, objectPath, size, request);
  }

  /**
   * Renders into a temporary file (removed afterwards) and stores it as `objectPath`, downloaded
   * under the document's name; its size.
   */
  private async renderAndStore(
    companyId: string,
    objectPath: string,
    { name, format }: { name: DocumentName; format: DocFormat },
    render: (file: string) => Promise<void>,
  ): Promise<number> {
    // A store known to be down fails the request before any rendering.
    this.storage.assertAvailable();
    const directory = await mkdtemp(join(tmpdir(), 'doc-'));
    const file = join(directory, `document.${format}`);
    try {
      await render(file);
      const size = (await stat(file)).size;
      await this.media.store(
        companyId,
        objectPath,
        () => createReadStream(file),
        size,
        CONTENT_TYPES[format],
        documentFileName(name, format),
      );
      return size;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private createDoc(companyId: string, objectPath: string, request: DocumentKind): Promise<DocDto> {
    return this.docs.create(companyId, {
      object_path: objectPath,
      module: request.module,
      type: request.type,
      comment: request.comment ?? null,
    });
  }
}
