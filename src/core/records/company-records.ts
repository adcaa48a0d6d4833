import { CompanyAccess } from '../access/company-access';
import { found } from '../http/app.exception';
import { Page } from '../pagination/page';

/**
 * What the repository of a company's rows of one resource answers. Every call reaches the
 * database (src/core/openapi/thrown-errors.ts counts it so: the analysis stops at this interface).
 */
export interface CompanyRows<Row, Query> {
  list(companyId: string, query: Query): Promise<Page<Row>>;
  findOne(companyId: string, id: string): Promise<Row | null>;
}

/** Company rows that are created and changed as sent; a change of a row not there answers null. */
export interface EditableCompanyRows<Row, Query, Create, Update> extends CompanyRows<Row, Query> {
  create(companyId: string, dto: Create): Promise<Row>;
  update(companyId: string, id: string, dto: Update): Promise<Row | null>;
}

/** Editable company rows with a status of their own (RecordRoutes' transitions move them). */
export interface StatusCompanyRows<Row, Query, Create, Update, Status> extends EditableCompanyRows<
  Row,
  Query,
  Create,
  Update
> {
  setStatus(companyId: string, id: string, status: Status): Promise<Row | null>;
}

// The types a repository's methods take and answer, read from the repository itself (`any`: not read).
type RowOf<R> = R extends CompanyRows<infer Row, any> ? Row : never;
type QueryOf<R> = R extends CompanyRows<any, infer Query> ? Query : never;
type CreateOf<R> = R extends EditableCompanyRows<any, any, infer Create, any> ? Create : never;
type UpdateOf<R> = R extends EditableCompanyRows<any, any, any, infer Update> ? Update : never;
type StatusOf<R> = R extends StatusCompanyRows<any, any, any, any, infer Status> ? Status : never;

/**
 * The part of a company resource's service that only hands the caller's company to its
 * repository `R`: the page of rows and one row by id, 404 naming the resource (`noun`). A service
 * extends it (or the editable kinds below) and overrides only where it adds rules of its own.
 */
export abstract class CompanyRecords<R extends CompanyRows<any, any>> {
  protected constructor(
    private readonly rows: R,
    protected readonly noun: string,
  ) {}

  list(company: CompanyAccess, query: QueryOf<R>): Promise<Page<RowOf<R>>> {
    return this.rows.list(company.companyId, query);
  }

  async get(company: CompanyAccess, id: string): Promise<RowOf<R>> {
    return found(await this.rows.findOne(company.companyId, id), this.noun);
  }
}

/** CompanyRecords whose rows are also created and changed as sent (404 for a change of none). */
export abstract class EditableCompanyRecords<
  R extends EditableCompanyRows<any, any, any, any>,
> extends CompanyRecords<R> {
  protected constructor(
    private readonly editable: R,
    noun: string,
  ) {
    super(editable, noun);
  }

  create(company: CompanyAccess, dto: CreateOf<R>): Promise<RowOf<R>> {
    return this.editable.create(company.companyId, dto);
  }

  async update(company: CompanyAccess, id: string, dto: UpdateOf<R>): Promise<RowOf<R>> {
    return found(await this.editable.update(company.companyId, id, dto), this.noun);
  }
}

/** EditableCompanyRecords with a status set as asked (the setStatus RecordRoutes' transitions call). */
export abstract class StatusCompanyRecords<
  R extends StatusCompanyRows<any, any, any, any, any>,
> extends EditableCompanyRecords<R> {
  protected constructor(
    private readonly statuses: R,
    noun: string,
  ) {
    super(statuses, noun);
  }

  async setStatus(company: CompanyAccess, id: string, status: StatusOf<R>): Promise<RowOf<R>> {
    return found(await this.statuses.setStatus(company.companyId, id, status), this.noun);
  }
}
