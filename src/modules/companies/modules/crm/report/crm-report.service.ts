import { Injectable } from '@nestjs/common';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { type DocDto, DocumentGenerator, moduleReport, numbered, type Sheet } from '../../docs/docs.face';
import { CrmReportDto, REPORT_SHEETS, ReportSheet } from './crm-report.dto';
import { CrmReportRepository, ReportClient, ReportSource } from './crm-report.repository';

export const CRM_REPORT_TITLE = 'Отчёт CRM';
const NAMES: Record<string, string> = {
  individual: 'Физ. лицо',
  legal: 'Юр. лицо',
  active: 'Активен',
  inactive: 'Неактивен',
};
const named = (value: string) => NAMES[value] ?? value;

/** The CRM report (CONTRACT 24): one sheet per requested type, in the order asked. */
@Injectable()
export class CrmReportService {
  constructor(
    private readonly report: CrmReportRepository,
    private readonly generator: DocumentGenerator,
  ) {}

  generate(companyId: string, request: CrmReportDto): Promise<StagedWrite<DocDto>> {
    const types = request.types ?? [...REPORT_SHEETS];
    return this.generator.generate(
      companyId,
      moduleReport('crm', request, {
        kind: 'crm-report',
        title: CRM_REPORT_TITLE,
        covers: 'Клиенты',
        sheets: types.map((type) => this.sheet(companyId, type, request)),
      }),
    );
  }

  private sheet(companyId: string, type: ReportSheet, request: CrmReportDto): Sheet {
    if (type === 'clients') {
      return {
        name: 'Клиенты',
        columns: ['№', 'Создан (UTC)', 'Клиент', 'Тип', 'Статус', 'Телефон', 'E-mail', 'Источник', 'Комментарий'],
        rows: numbered(this.report.clients(companyId, request), (c: ReportClient) => [
          c.created_at.toISOString().slice(0, 19).replace('T', ' '),
          c.name,
          named(c.type),
          named(c.status),
          c.phone ?? '',
          c.email ?? '',
          c.source_name,
          c.comment ?? '',
        ]),
      };
    }
    return {
      name: 'Источники',
      columns: ['№', 'Название', 'Тип', 'Статус', 'Системный', 'Клиентов', 'Ссылка', 'Комментарий'],
      rows: numbered(this.sources(companyId), (s: ReportSource) => [
        s.name,
        s.type,
        named(s.status),
        s.system ? 'Да' : 'Нет',
        s.clients,
        s.url ?? '',
        s.comment ?? '',
      ]),
    };
  }

  private async *sources(companyId: string): AsyncIterable<ReportSource> {
    yield* await this.report.sources(companyId);
  }
}
