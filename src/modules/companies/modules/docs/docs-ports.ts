import type { DocsSettingsRepository } from './settings/docs-settings.repository';

/** What other modules may read of a company's document settings (the requisites an invoice carries). */
export abstract class DocsSettingsReader {}
export interface DocsSettingsReader extends Pick<DocsSettingsRepository, 'find'> {}
