import { Body, Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { CompanyAccess, CurrentCompany } from '../../../../../core/access/company-access';
import { CompanyResources } from '../../../../../core/access/company-route.decorators';
import {
  BalanceLineDto,
  BalanceQueryDto,
  ConsumptionDto,
  CreateBatchDto,
  ListBatchesQueryDto,
  ListStockPositionsQueryDto,
  StockBatchDto,
  StockPositionDto,
} from './dto/stock.dto';
import { StockBatchEntity } from './stock-batch.entity';
import { StockPositionEntity } from './stock-position.entity';
import { StockService } from './stock.service';
import { Endpoint } from '../../../../../core/openapi/endpoint.decorator';

@ApiTags('Warehouse')
@ApiExtraModels(StockPositionDto, ConsumptionDto)
@Controller('companies/:id/modules/wm/stocks')
@CompanyResources({ batchId: StockBatchEntity, positionId: StockPositionEntity })
export class StockController {
  constructor(private readonly stock: StockService) {}

  /** What remains of every active tracked unit (zero included), by unit name */
  @Get('balance')
  @Endpoint({ permission: 'wm.stocks.balance', page: ['balance', BalanceLineDto] })
  getStockBalance(@CurrentCompany() company: CompanyAccess, @Query() query: BalanceQueryDto) {
    return this.stock.balance(company, query);
  }

  /** Stock batches, newest first */
  @Get('batches')
  @Endpoint({ permission: 'wm.stocks.batches', page: ['batches', StockBatchDto] })
  listStockBatches(@CurrentCompany() company: CompanyAccess, @Query() query: ListBatchesQueryDto) {
    return this.stock.listBatches(company, query);
  }

  /** An income (adds positions) or an outcome (consumes them, FIFO/LIFO or the named piece); short stock: 409, the batch refused whole */
  @Post('batches')
  @Endpoint({ permission: 'wm.stocks.batches.create', answer: StockBatchDto, status: HttpStatus.CREATED })
  createStockBatch(@CurrentCompany() company: CompanyAccess, @Body() body: CreateBatchDto) {
    return this.stock.createBatch(company, body);
  }

  /** One batch with its positions */
  @Get('batches/:batchId')
  @Endpoint({ permission: 'wm.stocks.batches', answer: StockBatchDto })
  getStockBatch(@CurrentCompany() company: CompanyAccess, @Param('batchId') id: string) {
    return this.stock.getBatch(company, id);
  }

  /** Stock positions, newest first; in_stock=true: only those with something remaining */
  @Get('positions')
  @Endpoint({ permission: 'wm.stocks.positions', page: ['positions', StockPositionDto] })
  listStockPositions(@CurrentCompany() company: CompanyAccess, @Query() query: ListStockPositionsQueryDto) {
    return this.stock.listPositions(company, query);
  }

  /** One stock position with its unit */
  @Get('positions/:positionId')
  @Endpoint({ permission: 'wm.stocks.positions', answer: StockPositionDto })
  getStockPosition(@CurrentCompany() company: CompanyAccess, @Param('positionId') id: string) {
    return this.stock.getPosition(company, id);
  }
}
