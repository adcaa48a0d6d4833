import { declarePermissions } from '../../../core/access/permission-codes';
import { declareTag } from '../../../core/openapi/tags';

/**
 * What the storage module names for the platform: its OpenAPI tag and its permission codes.
 * src/vocabulary.ts collects it (docs/architecture.md, "Vocabulary").
 */
declareTag('Storage', "A company's files and their use of the plan's storage.");

/** The module's permission codes (CONTRACT 6); the catalog follows them at start-up. */
export const STORAGE_PERMISSIONS = declarePermissions({
  storage: { lvl: 3, criticality: 1, allow_expired: true, description: 'storage status against plan limits' },
  'storage.db': { lvl: 3, criticality: 2, allow_expired: true, description: 'database storage figures' },
  'storage.media': {
    lvl: 3,
    criticality: 2,
    allow_expired: true,
    description: 'media statistics, file download and links',
  },
  'storage.media.upload': {
    lvl: 3,
    criticality: 5,
    allow_expired: false,
    description: 'upload and delete files',
  },
  'storage.sources': { lvl: 3, criticality: 3, allow_expired: true, description: 'database storage sources' },
});
