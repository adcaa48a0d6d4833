import type { CounterpartiesRepository } from './counterparties.repository';

/** What other modules may ask about a counterparty their bodies name: whether it is an active one of the company. */
export abstract class CounterpartyReferences {}
export interface CounterpartyReferences extends Pick<CounterpartiesRepository, 'isActive'> {}
