import { Module } from '@nestjs/common';
import { DocsModule } from '../docs/docs.face';
import { CatalogCategoriesController } from './categories/categories.controller';
import { CatalogCategoriesRepository } from './categories/categories.repository';
import { CatalogCategoriesService } from './categories/categories.service';
import { WarehouseReportController } from './report/warehouse-report.controller';
import { WarehouseReportRepository } from './report/warehouse-report.repository';
import { WarehouseReportService } from './report/warehouse-report.service';
import { StockController } from './stock/stock.controller';
import { StockRepository } from './stock/stock.repository';
import { StockService } from './stock/stock.service';
import { CatalogUnitsController } from './units/units.controller';
import { UnitsRepository } from './units/units.repository';
import { UnitsService } from './units/units.service';
import { WarehouseReferences } from './warehouse-references';

/**
 * Warehouse (wm): the catalog (categories, goods and services) and the stock (CONTRACT 15;
 * docs/warehouse.md). Other modules check the rows their bodies name through
 * WarehouseReferences.
 */
@Module({
  imports: [DocsModule],
  controllers: [CatalogCategoriesController, CatalogUnitsController, StockController, WarehouseReportController],
  providers: [
    CatalogCategoriesService,
    CatalogCategoriesRepository,
    UnitsService,
    UnitsRepository,
    StockService,
    StockRepository,
    WarehouseReportService,
    WarehouseReportRepository,
    WarehouseReferences,
  ],
  exports: [WarehouseReferences],
})
export class WarehouseModule {}
