import { Injectable } from '@nestjs/common';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { type DocDto, DocumentGenerator, moduleReport, numbered, type Sheet } from '../../docs/docs.face';
import { FinanceReportDto, REPORT_SHEETS, ReportSheet } from './finance-report.dto';
import { FinanceReportRepository, ReportCategory, ReportCredit, ReportTransaction } from './finance-report.repository';

export const FINANCE_REPORT_TITLE = 'Финансовый отчёт';
const DIRECTION_NAMES: Record<string, string> = { income: 'Доход', expense: 'Расход' };
const STATUS_NAMES: Record<string, string> = {
  pending: 'В обработке',
  completed: 'Проведена',
  failed: 'Ошибка',
  cancelled: 'Отменена',
  active: 'Активен',
  closed: 'Закрыт',
};
const CREDIT_TYPE_NAMES: Record<string, string> = { debt: 'Долг', credit: 'Кредит' };
const named = (names: Record<string, string>, value: string) => names[value] ?? value;

/** The finance report (CONTRACT 12 and 14): one sheet per requested type, in the order asked. */
@Injectable()
export class FinanceReportService {
  constructor(
    private readonly report: FinanceReportRepository,
    private readonly generator: DocumentGenerator,
  ) {}

  generate(companyId: string, request: FinanceReportDto): Promise<StagedWrite<DocDto>> {
    const types = request.types ?? [...REPORT_SHEETS];
    return this.generator.generate(
      companyId,
      moduleReport('fm', request, {
        kind: 'finance-report',
        title: FINANCE_REPORT_TITLE,
        covers: 'Операции',
        sheets: types.map((type) => this.sheet(companyId, type, request)),
      }),
    );
  }

  private sheet(companyId: string, type: ReportSheet, request: FinanceReportDto): Sheet {
    switch (type) {
      case 'transactions':
        return {
          name: 'Операции',
          columns: [
            '№',
            'Дата (UTC)',
            'Направление',
            'Сумма',
            'Валюта',
            'Статус',
            'Категория',
            'Сотрудник',
            'Комментарий',
            'Сторно',
          ],
          rows: numbered(this.report.transactions(companyId, request), (t: ReportTransaction) => [
            t.created_at.toISOString().slice(0, 19).replace('T', ' '),
            named(DIRECTION_NAMES, t.direction),
            t.base_amount,
            t.currency,
            named(STATUS_NAMES, t.status),
            t.category_name ?? '',
            t.employee_name ?? '',
            t.comment ?? '',
            t.reverse_to ? 'Да' : '',
          ]),
        };
      case 'categories':
        return {
          name: 'Категории',
          columns: ['№', 'Название', 'Направление', 'Системная', 'Код', 'Описание'],
          rows: numbered(this.categories(companyId), (c: ReportCategory) => [
            c.name,
            named(DIRECTION_NAMES, c.direction),
            c.system ? 'Да' : 'Нет',
            c.slug,
            c.description ?? '',
          ]),
        };
      case 'credits':
        return {
          name: 'Кредиты',
          columns: [
            '№',
            'Название',
            'Тип',
            'Статус',
            'Контрагент',
            'Сумма',
            'Оплачено',
            'Остаток',
            'Валюта',
            'Ставка, %',
            'Начало',
            'Окончание',
          ],
          rows: numbered(this.report.credits(companyId), (c: ReportCredit) => [
            c.name,
            named(CREDIT_TYPE_NAMES, c.type),
            named(STATUS_NAMES, c.status),
            c.counterparty_name,
            c.total_amount,
            c.paid_amount,
            c.remaining_amount,
            c.currency,
            c.interest_rate,
            c.start_date,
            c.end_date,
          ]),
        };
    }
  }

  private async *categories(companyId: string): AsyncIterable<ReportCategory> {
    yield* await this.report.categories(companyId);
  }
}
