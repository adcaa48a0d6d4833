import { Injectable } from '@nestjs/common';
import type { StagedWrite } from '../../../../../core/audit/staged-write';
import { type DocDto, DocumentGenerator, reportSubtitle } from '../../docs/docs.face';
import { EmployeesRepository, RosterEntry } from '../employees/employees.repository';
import type { RosterReportDto } from './roster-report.dto';

export const ROSTER_TITLE = 'Список сотрудников';
export const ROSTER_COLUMNS = ['№', 'Сотрудник', 'E-mail', 'Телефон', 'Должности', 'Статус'];
const STATUS_NAMES: Record<string, string> = { active: 'Активен', inactive: 'Неактивен' };

/** The roster's rows, numbered, as the generator draws them; read from the database a batch at a time. */
async function* rosterRows(entries: AsyncIterable<RosterEntry>): AsyncIterable<Array<string | number>> {
  let number = 0;
  for await (const entry of entries) {
    number += 1;
    yield [
      number,
      [entry.last_name, entry.first_name].filter(Boolean).join(' '),
      entry.email ?? '',
      entry.phone ?? '',
      entry.positions.join(', '),
      STATUS_NAMES[entry.status] ?? entry.status,
    ];
  }
}

/** The HRM roster report (CONTRACT 9): every employee of the company with their positions. */
@Injectable()
export class RosterReportService {
  constructor(
    private readonly employees: EmployeesRepository,
    private readonly generator: DocumentGenerator,
  ) {}

  generate(companyId: string, request: RosterReportDto): Promise<StagedWrite<DocDto>> {
    return this.generator.generate(companyId, {
      module: 'hrm',
      type: 'report',
      format: request.format ?? 'pdf',
      comment: request.comment,
      name: { kind: 'roster' },
      title: ROSTER_TITLE,
      subtitle: reportSubtitle(),
      sheets: [{ name: ROSTER_TITLE, columns: ROSTER_COLUMNS, rows: rosterRows(this.employees.roster(companyId)) }],
    });
  }
}
