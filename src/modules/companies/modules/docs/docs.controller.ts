import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { CompanyResources } from '../../../../core/access/company-route.decorators';
import { DocEntity } from './doc.entity';
import { DocsService } from './docs.service';
import { DocDto, ListDocsQueryDto } from './dto/doc.dto';
import { DocsSettingsDto, UpdateDocsSettingsDto } from './dto/docs-settings.dto';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';

@ApiTags('Docs')
@Controller('companies/:id/modules/docs')
@CompanyResources({ docId: DocEntity })
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  /** Generated documents, newest first, filtered by module, type and search (comment, path) */
  @Get()
  @Endpoint({ permission: 'docs', page: ['docs', DocDto] })
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDocsQueryDto) {
    return this.docs.list(company, query);
  }

  /** The company's requisites for documents */
  @Get('settings')
  @Endpoint({ permission: 'docs.settings', answer: DocsSettingsDto })
  getDocsSettings(@CurrentCompany() company: CompanyAccess) {
    return this.docs.getSettings(company);
  }

  /** Change the requisites; only the fields sent change, null clears one; checksums verified */
  @Patch('settings')
  @Endpoint({ permission: 'docs.settings.update', answer: DocsSettingsDto })
  updateDocsSettings(@CurrentCompany() company: CompanyAccess, @Body() body: UpdateDocsSettingsDto) {
    return this.docs.updateSettings(company, body);
  }

  /** One document's metadata (download the file by its object_path) */
  @Get(':docId')
  @Endpoint({ permission: 'docs', answer: DocDto })
  get(@CurrentCompany() company: CompanyAccess, @Param('docId') id: string) {
    return this.docs.get(company, id);
  }
}
