import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, Controller, HttpCode, HttpStatus, Module } from '@nestjs/common';
import { Post } from '../../src/core/http/verbs';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CompanyAccess, CurrentCompany } from '../../src/core/access/company-access';
import { RequirePermission } from '../../src/core/access/company-route.decorators';
import { PreparesFirst } from '../../src/core/audit/staged-write';
import { DocsModule } from '../../src/modules/companies/modules/docs/docs.module';
import { DocumentGenerator } from '../../src/modules/companies/modules/docs/generator/document-generator';

/**
 * The text of a PDF as pdftotext (Debian's poppler-utils) extracts it, which proves the glyphs
 * map back to their characters; null, with a warning, where the tool is not installed.
 */
export function pdfText(pdf: Buffer): string | null {
  if (spawnSync('pdftotext', ['-v']).error) {
    console.warn('pdftotext (Debian poppler-utils) is not installed: the PDF text extraction check is skipped');
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'document.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A roster row with Cyrillic text, as the HRM report produces them. */
export const CYRILLIC_NAME = 'Иванова Мария Сергеевна';

export class GeneratedReportDto {
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

  /** Tables in the document: the roster, then one small `Итоги N` table per extra sheet. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  sheets?: number;
}

async function* totalsRows(sheet: number): AsyncIterable<Array<string | number>> {
  yield [`Итог ${sheet}`, sheet * 100];
  yield ['Минимум', 0.00000001];
}

export async function* rosterRows(count: number): AsyncIterable<string[]> {
  for (let i = 0; i < count; i++) {
    yield [String(i + 1), i === 0 ? CYRILLIC_NAME : `Сотрудник ${i + 1}`, 'Бухгалтер', i % 3 ? 'active' : 'inactive'];
  }
}

/**
 * A generator route for the tests: `rows` synthetic roster lines with Cyrillic text, so the
 * generator, its limits and its faults are exercised at any size without seeding employees.
 * The real roster is HRM's `POST …/modules/hrm/report` (test/e2e/hrm-report.e2e-spec.ts).
 */
@Controller('companies/:id/test-only/generated-report')
export class GeneratedReportController {
  constructor(private readonly generator: DocumentGenerator) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequirePermission('hrm.report')
  @PreparesFirst()
  generate(@CurrentCompany() company: CompanyAccess, @Body() body: GeneratedReportDto) {
    return this.generator.generate(company.companyId, {
      module: 'hrm',
      type: 'report',
      format: body.format ?? 'pdf',
      comment: body.comment,
      name: { kind: 'roster' },
      title: 'Список сотрудников',
      sheets: [
        { name: 'Список сотрудников', columns: ['№', 'ФИО', 'Должность', 'Статус'], rows: rosterRows(body.rows ?? 3) },
        ...Array.from({ length: (body.sheets ?? 1) - 1 }, (_, i) => ({
          name: `Итоги ${i + 2}`,
          columns: ['Показатель', 'Значение'],
          rows: totalsRows(i + 2),
        })),
      ],
    });
  }
}

/** Adds the generator route to a test app: `createTestApp([], [GeneratedReportModule])`. */
@Module({ imports: [DocsModule], controllers: [GeneratedReportController] })
export class GeneratedReportModule {}
