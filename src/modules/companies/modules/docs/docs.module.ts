import { Module, OnModuleInit } from '@nestjs/common';
import { CompaniesModule, CompanyLifecycle } from '../../companies/companies.face';
import { MediaModule, MediaService } from '../../storage/storage.face';
import { DocsAliasController, DocsController, DocsSettingsController } from './docs.controller';
import { DocsSettingsReader } from './docs-ports';
import { DocsRepository } from './docs.repository';
import { DocsService } from './docs.service';
import { DocumentGenerator } from './generator/document-generator';
import { DocsSettingsRepository } from './settings/docs-settings.repository';

/**
 * Docs: the registry of generated documents, the requisites they carry, and the generator
 * other modules call (spec 4.8, CONTRACT 9). See docs/documents.md.
 */
@Module({
  imports: [CompaniesModule, MediaModule],
  controllers: [DocsSettingsController, DocsController, DocsAliasController],
  providers: [
    DocsService,
    DocsRepository,
    DocsSettingsRepository,
    DocumentGenerator,
    { provide: DocsSettingsReader, useExisting: DocsSettingsRepository },
  ],
  exports: [DocumentGenerator, DocsSettingsReader],
})
export class DocsModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: CompanyLifecycle,
    private readonly settings: DocsSettingsRepository,
    private readonly media: MediaService,
    private readonly docs: DocsRepository,
  ) {}

  /** Every new company starts with empty settings, in the transaction that creates it; its documents own their files. */
  onModuleInit(): void {
    this.lifecycle.onCompanyCreated((companyId) => this.settings.createFor(companyId));
    // A document's file goes with its document, never alone (CONTRACT 22).
    this.media.registerOwner(async (companyId, path) =>
      (await this.docs.ownsObject(companyId, path)) ? 'a generated document' : null,
    );
  }
}
