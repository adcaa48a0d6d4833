import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../core/openapi/api-envelope.decorator';
import { DocEntity } from './doc.entity';
import { DocsService } from './docs.service';
import { DocDto, ListDocsQueryDto } from './dto/doc.dto';
import { DocsSettingsDto, UpdateDocsSettingsDto } from './dto/docs-settings.dto';

@ApiTags('Docs')
@Controller('companies/:id/modules/docs')
@CompanyResources({ docId: DocEntity })
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Get()
  @RequirePermission('docs')
  @ApiOperation({ summary: 'Generated documents, newest first, filtered by module, type and search (comment, path)' })
  @ApiPage('docs', DocDto)
  list(@CurrentCompany() company: CompanyAccess, @Query() query: ListDocsQueryDto) {
    return this.docs.list(company, query);
  }

  @Get('settings')
  @RequirePermission('docs.settings')
  @ApiOperation({ summary: "The company's requisites for documents" })
  @ApiEnvelope(DocsSettingsDto)
  getDocsSettings(@CurrentCompany() company: CompanyAccess) {
    return this.docs.getSettings(company);
  }

  @Patch('settings')
  @RequirePermission('docs.settings.update')
  @ApiOperation({ summary: 'Change the requisites; only the fields sent change, null clears one; checksums verified' })
  @ApiEnvelope(DocsSettingsDto)
  updateDocsSettings(@CurrentCompany() company: CompanyAccess, @Body() body: UpdateDocsSettingsDto) {
    return this.docs.updateSettings(company, body);
  }

  @Get(':docId')
  @RequirePermission('docs')
  @ApiOperation({ summary: "One document's metadata (download the file by its object_path)" })
  @ApiEnvelope(DocDto)
  get(@CurrentCompany() company: CompanyAccess, @Param('docId') id: string) {
    return this.docs.get(company, id);
  }
}
