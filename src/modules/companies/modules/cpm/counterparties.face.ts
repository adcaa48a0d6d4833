/**
 * What other modules may use of counterparties (docs/architecture.md, "Module faces").
 */
export { CounterpartiesModule } from './counterparties.module';
export { COUNTERPARTY_JSON } from './counterparties.repository';
export { CounterpartyReferences } from './counterparty-ports';
export { CounterpartyDto } from './dto/counterparty.dto';
export { COUNTERPARTY_PROFILES } from './counterparty-views';
