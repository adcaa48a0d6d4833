import { Get, Query, Type } from '@nestjs/common';
import type { PermissionCode } from '../access/permission-codes';
import { GeneratedRoutes } from '../http/generated-routes';

/** One route of a module's analysis: its query, its answer (one group's model for `grouped`) and its summary. */
interface AnalysisRoute<Query> {
  query: Type<Query>;
  answer: Type;
  summary: string;
}

type Reader<Args extends unknown[]> = (companyId: string, ...args: Args) => Promise<unknown>;

/** A module's analysis routes: the reader that answers them, the operations' name, the permission they share. */
export interface AnalysisRoutesDeclaration<R> {
  /** What the controller injects: counts and sums only, so a module's analysis repository. */
  reader: Type<R>;
  /** The operations are `get<name>Summary` and `get<name>Grouped` (`CrmAnalysis`). */
  name: string;
  permission: PermissionCode;
  summary: R extends { summary: Reader<[infer Query]> } ? AnalysisRoute<Query> : never;
  grouped: R extends { grouped: Reader<[infer Query]> } ? AnalysisRoute<Query> : never;
}

/**
 * The analysis every module offers, declared once per module: `GET summary` (the window's totals)
 * and `GET grouped` (an array of groups), each guarded by `permission` and answered by the
 * reader's `summary(companyId, query)` and `grouped(companyId, query)`. A controller
 * `extends AnalysisRoutes({...}) {}`.
 */
export function AnalysisRoutes<R>(declaration: AnalysisRoutesDeclaration<R>) {
  const { reader, name, permission } = declaration;
  const summary = declaration.summary as AnalysisRoute<unknown>;
  const grouped = declaration.grouped as AnalysisRoute<unknown>;
  return GeneratedRoutes(reader, [
    {
      name: `get${name}Summary`,
      paramtypes: [Object, summary.query],
      params: [Query()],
      route: [Get('summary')],
      endpoint: { permission, answer: summary.answer, summary: summary.summary },
      call: (analysis, company, [query]) => analysis.summary(company.companyId, query),
    },
    {
      name: `get${name}Grouped`,
      paramtypes: [Object, grouped.query],
      params: [Query()],
      route: [Get('grouped')],
      endpoint: { permission, answer: [grouped.answer], summary: grouped.summary },
      call: (analysis, company, [query]) => analysis.grouped(company.companyId, query),
    },
  ]);
}
