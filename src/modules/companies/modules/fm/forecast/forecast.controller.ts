import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { ForecastQueryDto, ForecastSummaryDto, ForecastTimelineDto } from './dto/forecast.dto';
import { ForecastService } from './forecast.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/forecast')
export class ForecastController {
  constructor(private readonly forecast: ForecastService) {}

  /** Each day of the window, then `horizon` forecast days (Theta method); fewer than 2 days with transactions: 409 */
  @Get('timeline')
  @Endpoint({ permission: 'fm.forecast.timeline', answer: ForecastTimelineDto })
  getForecastTimeline(@CurrentCompany() company: CompanyAccess, @Query() query: ForecastQueryDto) {
    return this.forecast.timeline(company.companyId, query);
  }

  /** The window's totals and the horizon's predictions; fewer than 2 days with transactions: 409 */
  @Get('summary')
  @Endpoint({ permission: 'fm.forecast.summary', answer: ForecastSummaryDto })
  getForecastSummary(@CurrentCompany() company: CompanyAccess, @Query() query: ForecastQueryDto) {
    return this.forecast.summary(company.companyId, query);
  }
}
