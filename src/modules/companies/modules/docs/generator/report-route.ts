import { Body, HttpStatus, Type } from '@nestjs/common';
import { Post } from '../../../../../core/http/verbs';
import type { PermissionCode } from '../../../../../core/access/permission-codes';
import { PreparesFirst } from '../../../../../core/audit/staged-write';
import type { ErrorCode } from '../../../../../core/http/app.exception';
import { GeneratedRoutes } from '../../../../../core/http/generated-routes';
import { DocDto } from '../dto/doc.dto';

/** A module's report route: the service that generates it, the permission, the request's DTO, the summary. */
export interface ReportRouteDeclaration<R> {
  reports: Type<R>;
  permission: PermissionCode;
  body: R extends { generate(companyId: string, request: infer Request): Promise<unknown> } ? Type<Request> : never;
  summary: string;
  /** Errors beyond the derived ones. */
  errors?: Partial<Record<ErrorCode, string>>;
}

/**
 * The report route every module offers (CONTRACT 12), declared once per module: `POST` on the
 * controller's path answering 201 with the generated document's registry row, guarded by
 * `permission`, its file stored before the row's transaction opens (@PreparesFirst), made by the
 * service's `generate(companyId, request)`. A controller `extends ReportRoute({...}) {}`.
 */
export function ReportRoute<R>(declaration: ReportRouteDeclaration<R>) {
  const { reports, permission, summary, errors } = declaration;
  return GeneratedRoutes(reports, [
    {
      name: 'generate',
      paramtypes: [Object, declaration.body],
      params: [Body()],
      route: [Post(), PreparesFirst()],
      endpoint: { permission, answer: DocDto, status: HttpStatus.CREATED, summary, ...(errors ? { errors } : {}) },
      call: (service, company, [request]) => service.generate(company.companyId, request),
    },
  ]);
}
