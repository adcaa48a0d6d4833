import { Body, Controller, Get } from '@nestjs/common';
import { Patch } from '../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { DeprecatedAliasOf } from '../../../../core/http/deprecated-alias';
import { RecordRoutes } from '../../../../core/http/record-routes';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { DocEntity } from './doc.entity';
import { DocsService } from './docs.service';
import { DocDto, ListDocsQueryDto } from './dto/doc.dto';
import { DocsSettingsDto, UpdateDocsSettingsDto } from './dto/docs-settings.dto';

@ApiTags('Docs')
@Controller('companies/:id/modules/docs')
@CompanyResources({ docId: DocEntity })
export class DocsController extends RecordRoutes({
  service: DocsService,
  param: 'docId',
  permission: 'docs',
  answer: DocDto,
  list: {
    key: 'docs',
    query: ListDocsQueryDto,
    summary: 'Generated documents, newest first, filtered by module, type and search (comment, path)',
  },
  get: { summary: "One document's metadata (download the file by its object_path)" },
}) {
  constructor(docs: DocsService) {
    super(docs);
  }
}

/** The company's requisites, beside the documents (kept apart so the documents' alias below does not copy them). */
@ApiTags('Docs')
@Controller('companies/:id/modules/docs/settings')
export class DocsSettingsController {
  constructor(private readonly docs: DocsService) {}

  /** The company's requisites for documents */
  @Get()
  @Endpoint({ permission: 'docs.settings', answer: DocsSettingsDto })
  getDocsSettings(@CurrentCompany() company: CompanyAccess) {
    return this.docs.getSettings(company);
  }

  /** Change the requisites; only the fields sent change, null clears one; checksums verified */
  @Patch()
  @Endpoint({ permission: 'docs.settings.update', answer: DocsSettingsDto })
  updateDocsSettings(@CurrentCompany() company: CompanyAccess, @Body() body: UpdateDocsSettingsDto) {
    return this.docs.updateSettings(company, body);
  }
}

/** The web client's path without `/modules` (CONTRACT 24): deprecated aliases of the routes above. */
@ApiTags('Docs')
@Controller('companies/:id/docs')
@CompanyResources({ docId: DocEntity })
@DeprecatedAliasOf(DocsController, '/companies/{id}/modules/docs')
export class DocsAliasController extends DocsController {}
