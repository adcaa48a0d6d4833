import { Injectable } from '@nestjs/common';
import { CompanyAccess } from '../../../../../core/access/company-access';
import { AppException, FieldError, found } from '../../../../../core/http/app.exception';
import { currencyDecimals, type CurrencyCode } from '../../../../../core/money/currencies';
import { decimalPlaces } from '../../../../../core/money/decimal';
import { Page } from '../../../../../core/pagination/page';
import {
  BalanceLineDto,
  BalanceQueryDto,
  BatchLineDto,
  CreateBatchDto,
  ListBatchesQueryDto,
  ListStockPositionsQueryDto,
  StockBatchDto,
  StockPositionDto,
} from './dto/stock.dto';
import { LockedUnit, Piece, StockRepository } from './stock.repository';

/** The most positions one income may create (a serial line of n makes n). */
export const MAX_INCOME_POSITIONS = 10_000;

@Injectable()
export class StockService {
  constructor(private readonly stock: StockRepository) {}

  /**
   * Records a batch whole or not at all (it runs in the audited request's transaction). Its
   * units are locked first, in id order, so the checks and the takes of concurrent batches on a
   * unit happen one batch after the other: stock never goes negative, a piece ships once.
   * Every 400 is found before any 409, as CONTRACT 2 orders them.
   */
  async createBatch(company: CompanyAccess, dto: CreateBatchDto): Promise<StockBatchDto> {
    const { companyId } = company;
    const unitIds = [...new Set(dto.positions.map((line) => line.unit_id))].sort();
    const units = new Map((await this.stock.lockUnits(companyId, unitIds)).map((unit) => [unit.id, unit]));
    const pieceIds = dto.positions.flatMap((line) => (line.position_id ? [line.position_id] : []));
    const pieces = new Map(
      (pieceIds.length > 0 ? await this.stock.pieces(companyId, pieceIds) : []).map((piece) => [piece.id, piece]),
    );
    const problems = dto.positions.flatMap((line, i) =>
      lineProblems(dto.direction, line, units.get(line.unit_id), pieces, `positions.${i}`),
    );
    if (dto.direction === 'income') {
      const created = dto.positions.reduce(
        (sum, line) => sum + (units.get(line.unit_id)?.tracking_detail === 'serial' ? line.quantity : 1),
        0,
      );
      if (created > MAX_INCOME_POSITIONS) {
        problems.push({
          field: 'positions',
          message: `an income may create at most ${MAX_INCOME_POSITIONS} positions`,
        });
      }
    }
    if (problems.length > 0) throw AppException.validation(problems);

    const batchId = await this.stock.createBatch(companyId, dto);
    if (dto.direction === 'income') {
      await this.stock.addPositions(
        companyId,
        batchId,
        dto.positions.map((line) => {
          const unit = units.get(line.unit_id)!;
          const serial = unit.tracking_detail === 'serial';
          return {
            type: unit.tracking_detail!,
            unit_id: unit.id,
            quantity: serial ? 1 : line.quantity,
            price: line.price ?? unit.purchase_price!,
            count: serial ? line.quantity : 1,
          };
        }),
      );
    } else {
      let takes = 0;
      for (const [i, line] of dto.positions.entries())
        takes += await this.take(companyId, batchId, line, units, i, takes);
    }
    return (await this.stock.findBatch(companyId, batchId))!;
  }

  listBatches(company: CompanyAccess, query: ListBatchesQueryDto): Promise<Page<StockBatchDto>> {
    return this.stock.listBatches(company.companyId, query);
  }

  async getBatch(company: CompanyAccess, id: string): Promise<StockBatchDto> {
    return found(await this.stock.findBatch(company.companyId, id), 'Batch');
  }

  listPositions(company: CompanyAccess, query: ListStockPositionsQueryDto): Promise<Page<StockPositionDto>> {
    return this.stock.listPositions(company.companyId, query);
  }

  async getPosition(company: CompanyAccess, id: string): Promise<StockPositionDto> {
    return found(await this.stock.findPosition(company.companyId, id), 'Position');
  }

  balance(company: CompanyAccess, query: BalanceQueryDto): Promise<Page<BalanceLineDto>> {
    return this.stock.balance(company.companyId, query);
  }

  /**
   * One outcome line, its takes numbered on from `after`: 409 limit_exceeded (and the whole
   * batch rolled back) when the stock is short. Returns how many takes it made.
   */
  private async take(
    companyId: string,
    batchId: string,
    line: BatchLineDto,
    units: Map<string, LockedUnit>,
    i: number,
    after: number,
  ): Promise<number> {
    const unit = units.get(line.unit_id)!;
    if (unit.tracking_detail === 'serial') {
      if (!(await this.stock.shipPiece(companyId, batchId, line.position_id!, after + 1))) {
        throw new AppException('limit_exceeded', 'The piece has already been shipped', [
          { field: `positions.${i}.position_id`, message: 'has already been shipped' },
        ]);
      }
      return 1;
    }
    const { enough, available } = await this.stock.available(companyId, unit.id, line.quantity);
    if (!enough) {
      throw new AppException('limit_exceeded', 'Not enough stock: the batch was refused whole', [
        { field: `positions.${i}.quantity`, message: `exceeds the available ${available}` },
      ]);
    }
    return this.stock.consume(companyId, batchId, unit.id, line.quantity, unit.tracked_type as 'fifo' | 'lifo', after);
  }
}

/** What is wrong with one line of a batch (CONTRACT 15), each problem naming its field under `at`. */
function lineProblems(
  direction: string,
  line: BatchLineDto,
  unit: LockedUnit | undefined,
  pieces: Map<string, Piece>,
  at: string,
): FieldError[] {
  if (!unit || unit.status !== 'active' || unit.inventory_type !== 'tracked') {
    return [{ field: `${at}.unit_id`, message: 'must be an active, tracked product of this company' }];
  }
  const problems: FieldError[] = [];
  const serial = unit.tracking_detail === 'serial';
  if (serial && !Number.isInteger(line.quantity)) {
    problems.push({ field: `${at}.quantity`, message: 'must be a whole number for a serial unit' });
  }
  if (direction === 'income') {
    if (line.position_id != null) {
      problems.push({ field: `${at}.position_id`, message: 'must not be given on an income' });
    }
    const decimals = currencyDecimals(unit.currency as CurrencyCode);
    if (line.price != null && decimalPlaces(line.price) > decimals) {
      problems.push({ field: `${at}.price`, message: `must have at most ${decimals} decimals (${unit.currency})` });
    }
    return problems;
  }
  // `price` on an outcome line is ignored: the line costs what it consumes, whatever is sent
  // (CONTRACT 17: the web client's movement page always sends one).
  if (!serial) {
    if (line.position_id != null) {
      problems.push({ field: `${at}.position_id`, message: 'must not be given for a batch-tracked unit' });
    }
    return problems;
  }
  if (line.quantity !== 1) problems.push({ field: `${at}.quantity`, message: 'must be 1 for a serial piece' });
  const piece = line.position_id ? pieces.get(line.position_id) : undefined;
  if (!piece || piece.unit_id !== unit.id) {
    problems.push({ field: `${at}.position_id`, message: 'must be a piece of this unit' });
  }
  return problems;
}
