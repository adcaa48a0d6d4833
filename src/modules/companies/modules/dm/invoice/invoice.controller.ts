import { Body, Controller, HttpStatus, Param } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import { DealEntity } from '../deals/deal.entity';
import { CreateInvoiceDto, InvoiceDocDto } from './invoice.dto';
import { InvoiceService } from './invoice.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Deals')
@Controller('companies/:id/modules/dm/deals/:dealId/invoice')
@CompanyResources({ dealId: DealEntity })
export class InvoiceController {
  constructor(private readonly invoices: InvoiceService) {}

  @Post()
  @Endpoint({
    permission: 'dm.deals.invoice',
    summary:
      'Issue an invoice (PDF with a payment QR code) for the deal: number <year>-<n> per company and UTC year; ' +
      '409 for a deal without positions or seller requisites missing from the docs settings',
    answer: InvoiceDocDto,
    status: HttpStatus.CREATED,
  })
  @PreparesFirst()
  issue(@CurrentCompany() company: CompanyAccess, @Param('dealId') id: string, @Body() body: CreateInvoiceDto) {
    return this.invoices.issue(company, id, body);
  }
}
