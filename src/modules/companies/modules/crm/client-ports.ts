import type { ClientsRepository } from './clients/clients.repository';

/** What other modules may ask of CRM about a client their bodies name: the company's client, or null. */
export abstract class ClientReferences {}
export interface ClientReferences extends Pick<ClientsRepository, 'findOne'> {}
