/**
 * What other modules may use of crm (docs/architecture.md, "Module faces").
 */
export { ClientReferences } from './client-ports';
export { CLIENT_DETAIL_JSON, CLIENT_SEARCH_TEXT } from './clients/clients.repository';
export { ClientDetailDto } from './clients/dto/client.dto';
export { CrmModule } from './crm.module';
export { CLIENT_PROFILES } from './client-views';
export { clientFigures } from './crm-figures';
