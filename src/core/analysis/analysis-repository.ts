import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Sql } from '../../database/sql';

/** A module's analytics statements over one company: the window's summary and its groups. */
export interface AnalysisStatements<SummaryQuery, GroupedQuery> {
  summary(companyId: string, query: SummaryQuery): Sql;
  grouped(companyId: string, query: GroupedQuery): Sql;
}

/**
 * The repository that runs a module's analytics statements: the summary is their one row, the
 * groups their rows. A module's repository is `class … extends AnalysisStatementsRepository<…>(statements) {}`.
 */
export function AnalysisStatementsRepository<Summary, SummaryQuery, Group, GroupedQuery>(
  statements: AnalysisStatements<SummaryQuery, GroupedQuery>,
) {
  @Injectable()
  class StatementsRepository {
    constructor(readonly db: Db) {}

    async summary(companyId: string, query: SummaryQuery): Promise<Summary> {
      return (await this.db.one<Summary>(statements.summary(companyId, query)))!;
    }

    grouped(companyId: string, query: GroupedQuery): Promise<Group[]> {
      return this.db.rows<Group>(statements.grouped(companyId, query));
    }
  }
  return StatementsRepository;
}
