import { Injectable } from '@nestjs/common';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { type DocDto, DocumentGenerator, moduleReport, type Sheet } from '../../docs/docs.face';
import { REPORT_SHEETS, ReportSheet, WarehouseReportDto } from './warehouse-report.dto';
import { ReportWindow, WarehouseReportRepository } from './warehouse-report.repository';

export const REPORT_TITLE = 'Склад';

/** Each sheet's name and columns; its rows come from the repository. */
const SHEETS: Record<ReportSheet, { name: string; columns: string[] }> = {
  catalog_categories: { name: 'Категории', columns: ['Название', 'Родитель', 'Статус', 'Комментарий'] },
  catalog_units: {
    name: 'Товары и услуги',
    columns: [
      'Название',
      'Тип',
      'Учёт',
      'Детализация',
      'Списание',
      'Ед.',
      'Цена продажи',
      'Цена закупки',
      'Валюта',
      'Категория',
      'Статус',
    ],
  },
  stock_balance: { name: 'Остатки', columns: ['Товар', 'Ед.', 'Количество', 'Резерв', 'Доступно'] },
  stock_batches: { name: 'Партии', columns: ['Дата (UTC)', 'Направление', 'Строк', 'Комментарий', 'Партия'] },
  stock_positions: {
    name: 'Позиции',
    columns: ['Дата (UTC)', 'Товар', 'Тип', 'Количество', 'Остаток', 'Цена', 'Валюта', 'Партия'],
  },
};

/** The warehouse report (CONTRACT 12): one sheet per requested type, in a fixed order. */
@Injectable()
export class WarehouseReportService {
  constructor(
    private readonly report: WarehouseReportRepository,
    private readonly generator: DocumentGenerator,
  ) {}

  generate(companyId: string, request: WarehouseReportDto): Promise<StagedWrite<DocDto>> {
    const window: ReportWindow = { start: request.start_date, end: request.end_date };
    const rows: Record<ReportSheet, () => Sheet['rows']> = {
      catalog_categories: () => this.report.categories(companyId),
      catalog_units: () => this.report.units(companyId),
      stock_balance: () => this.report.balance(companyId),
      stock_batches: () => this.report.batches(companyId, window),
      stock_positions: () => this.report.positions(companyId, window),
    };
    const types = REPORT_SHEETS.filter((type) => !request.types || request.types.includes(type));
    return this.generator.generate(
      companyId,
      moduleReport('wm', request, {
        kind: 'warehouse-report',
        title: REPORT_TITLE,
        covers: 'Партии и позиции',
        sheets: types.map((type) => ({ ...SHEETS[type], rows: rows[type]() })),
      }),
    );
  }
}
