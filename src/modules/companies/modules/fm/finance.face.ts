/**
 * What other modules may use of finance (docs/architecture.md, "Module faces").
 */
export { FinanceModule } from './finance.module';
export {
  CreateTransactionDto,
  DealTransactionsSummaryDto,
  TransactionDetailDto,
  TransactionDto,
  TransactionFiltersDto,
} from './transactions/dto/transaction.dto';
export { TransactionsService } from './transactions/transactions.service';
export { balanceFigures } from './balance-figures';
