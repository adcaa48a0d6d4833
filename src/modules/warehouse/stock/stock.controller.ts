import { Body, Controller, Get, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { CompanyResources, RequirePermission } from '../../../core/access/company-route.decorators';
import { ApiEnvelope, ApiPage } from '../../../core/openapi/api-envelope.decorator';
import {
  BalanceLineDto,
  BalanceQueryDto,
  ConsumptionDto,
  CreateBatchDto,
  ListBatchesQueryDto,
  ListPositionsQueryDto,
  StockBatchDto,
  StockPositionDto,
} from './dto/stock.dto';
import { StockBatchEntity } from './stock-batch.entity';
import { StockPositionEntity } from './stock-position.entity';
import { StockService } from './stock.service';

@ApiTags('Warehouse')
@ApiExtraModels(StockPositionDto, ConsumptionDto)
@Controller('companies/:id/modules/wm/stocks')
@CompanyResources({ batchId: StockBatchEntity, positionId: StockPositionEntity })
export class StockController {
  constructor(private readonly stock: StockService) {}

  @Get('balance')
  @RequirePermission('wm.stocks.balance')
  @ApiOperation({ summary: 'What remains of every active tracked unit (zero included), by unit name' })
  @ApiPage('balance', BalanceLineDto)
  balance(@CurrentCompany() company: CompanyAccess, @Query() query: BalanceQueryDto) {
    return this.stock.balance(company, query);
  }

  @Get('batches')
  @RequirePermission('wm.stocks.batches')
  @ApiOperation({ summary: 'Stock batches, newest first' })
  @ApiPage('batches', StockBatchDto)
  listBatches(@CurrentCompany() company: CompanyAccess, @Query() query: ListBatchesQueryDto) {
    return this.stock.listBatches(company, query);
  }

  @Post('batches')
  @RequirePermission('wm.stocks.batches.create')
  @ApiOperation({
    summary:
      'An income (adds positions) or an outcome (consumes them, FIFO/LIFO or the named piece); short stock: 409, the batch refused whole',
  })
  @ApiEnvelope(StockBatchDto, { status: HttpStatus.CREATED })
  createBatch(@CurrentCompany() company: CompanyAccess, @Body() body: CreateBatchDto) {
    return this.stock.createBatch(company, body);
  }

  @Get('batches/:batchId')
  @RequirePermission('wm.stocks.batches')
  @ApiOperation({ summary: 'One batch with its positions' })
  @ApiEnvelope(StockBatchDto)
  getBatch(@CurrentCompany() company: CompanyAccess, @Param('batchId') id: string) {
    return this.stock.getBatch(company, id);
  }

  @Get('positions')
  @RequirePermission('wm.stocks.positions')
  @ApiOperation({ summary: 'Stock positions, newest first; in_stock=true: only those with something remaining' })
  @ApiPage('positions', StockPositionDto)
  listPositions(@CurrentCompany() company: CompanyAccess, @Query() query: ListPositionsQueryDto) {
    return this.stock.listPositions(company, query);
  }

  @Get('positions/:positionId')
  @RequirePermission('wm.stocks.positions')
  @ApiOperation({ summary: 'One stock position with its unit' })
  @ApiEnvelope(StockPositionDto)
  getPosition(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    return this.stock.getPosition(company, id);
  }
}
