import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../core/access/company-access';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { CompanySummaryDto, SummaryQueryDto } from './dto/summary.dto';
import { SummaryService } from './summary.service';

@ApiTags('Companies')
@Controller('companies/:id/modules/summary')
export class SummaryController {
  constructor(private readonly summaries: SummaryService) {}

  /** The company's dashboard: employees, deals, catalog, clients and the balance of completed transactions in one currency (others beside it) */
  @Get()
  @Endpoint({ permission: 'company.summary', answer: CompanySummaryDto })
  getCompanySummary(@CurrentCompany() company: CompanyAccess, @Query() query: SummaryQueryDto) {
    return this.summaries.summary(company.companyId, query);
  }
}
