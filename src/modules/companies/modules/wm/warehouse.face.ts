/**
 * What other modules may use of warehouse (docs/architecture.md, "Module faces").
 */
export { StockPositionDto } from './stock/dto/stock.dto';
export { POSITION_JSON } from './stock/stock.repository';
export { UnitDto } from './units/dto/unit.dto';
export { unitJson } from './units/units.repository';
export { WarehouseReferences } from './warehouse-references';
export { WarehouseModule } from './warehouse.module';
export { CATALOG_UNIT_PROFILES, STOCK_POSITION_PROFILES } from './warehouse-views';
export { catalogFigures } from './warehouse-figures';
