/**
 * What other modules may use of storage (docs/architecture.md, "Module faces").
 */
export { MediaModule } from './media.module';
export { MediaService } from './media.service';
export { FILE_CONTENT_TYPES } from './file-types';
