/**
 * What other modules may use of API keys (docs/architecture.md, "Module faces").
 */
export { AccountApiKeys } from './api-key-ports';
export { ApiKeysModule } from './api-keys.module';
