import { Body, Controller, HttpCode, HttpStatus, Module, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CompanyAccess, CurrentCompany } from '../../src/core/access/company-access';
import { RequirePermission } from '../../src/core/access/company-route.decorators';
import { UploadsFirst } from '../../src/core/audit/staged-write';
import { DocsModule } from '../../src/modules/docs/docs.module';
import { DocumentGenerator } from '../../src/modules/docs/generator/document-generator';

/** A roster row with Cyrillic text, as the HRM report will produce them. */
export const CYRILLIC_NAME = 'Иванова Мария Сергеевна';

export class RosterReportDto {
  @IsOptional()
  @IsIn(['pdf', 'xlsx'])
  format?: 'pdf' | 'xlsx';

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  comment?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(20000)
  rows?: number;
}

export async function* rosterRows(count: number): AsyncIterable<string[]> {
  for (let i = 0; i < count; i++) {
    yield [String(i + 1), i === 0 ? CYRILLIC_NAME : `Сотрудник ${i + 1}`, 'Бухгалтер', i % 3 ? 'active' : 'inactive'];
  }
}

/**
 * The HRM roster report's route as the HRM module will declare it (CONTRACT 9), calling the
 * generator with a title, headers and an async iterable of rows.
 */
@Controller('companies/:id/modules/hrm/report')
export class RosterReportController {
  constructor(private readonly generator: DocumentGenerator) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequirePermission('hrm.report')
  @UploadsFirst()
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: RosterReportDto) {
    return this.generator.generate(company.companyId, {
      module: 'hrm',
      type: 'report',
      format: body.format ?? 'pdf',
      comment: body.comment,
      title: 'Список сотрудников',
      subtitle: ['ООО «Ромашка»'],
      columns: ['№', 'ФИО', 'Должность', 'Статус'],
      rows: rosterRows(body.rows ?? 3),
    });
  }
}

/** Adds the roster report route to a test app: `createTestApp([], [RosterReportModule])`. */
@Module({ imports: [DocsModule], controllers: [RosterReportController] })
export class RosterReportModule {}
