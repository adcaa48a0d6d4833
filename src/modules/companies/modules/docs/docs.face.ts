/**
 * What other modules may use of docs (docs/architecture.md, "Module faces").
 */
export { DocsSettingsReader } from './docs-ports';
export { DocsModule } from './docs.module';
export { DocDto } from './dto/doc.dto';
export { DocsSettingsDto } from './dto/docs-settings.dto';
export { ModuleReportDto } from './dto/module-report.dto';
export { DocumentGenerator } from './generator/document-generator';
export { moduleReport, numbered } from './generator/module-report';
export { ReportRoute } from './generator/report-route';
export { reportSubtitle } from './generator/report-subtitle';
export { PdfDrawing } from './generator/pdf-drawing';
export { DocFormat, Sheet } from './generator/renderers';
