import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope } from '../../../core/openapi/api-envelope.decorator';
import { ForecastQueryDto, ForecastSummaryDto, ForecastTimelineDto } from './dto/forecast.dto';
import { ForecastService } from './forecast.service';

@ApiTags('Finance')
@Controller('companies/:id/modules/fm/forecast')
export class ForecastController {
  constructor(private readonly forecast: ForecastService) {}

  @Get('timeline')
  @RequirePermission('fm.forecast.timeline')
  @ApiOperation({
    summary:
      'Each day of the window, then `horizon` forecast days (Theta method); fewer than 2 days with transactions: 409',
  })
  @ApiEnvelope(ForecastTimelineDto)
  getForecastTimeline(@CurrentCompany() company: CompanyAccess, @Query() query: ForecastQueryDto) {
    return this.forecast.timeline(company.companyId, query);
  }

  @Get('summary')
  @RequirePermission('fm.forecast.summary')
  @ApiOperation({
    summary: "The window's totals and the horizon's predictions; fewer than 2 days with transactions: 409",
  })
  @ApiEnvelope(ForecastSummaryDto)
  getForecastSummary(@CurrentCompany() company: CompanyAccess, @Query() query: ForecastQueryDto) {
    return this.forecast.summary(company.companyId, query);
  }
}
