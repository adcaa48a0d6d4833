import {
  applyDecorators,
  Delete as NestDelete,
  Patch as NestPatch,
  Post as NestPost,
  Put as NestPut,
  UseInterceptors,
} from '@nestjs/common';
import { WriteStagesInterceptor } from './write-stages.interceptor';

type Path = string | string[];

/**
 * The verbs of routes that write: Nest's, with WriteStagesInterceptor around the handler (the
 * Idempotency-Key's answer, the audited transaction, the database quota). Controllers take
 * these, never Nest's own: test/e2e/route-stages fails on a write route without the stages. A
 * read (`@Get`, Nest's) runs no interceptor.
 */
const writing =
  (verb: (path?: Path) => MethodDecorator) =>
  (path?: Path): MethodDecorator =>
    applyDecorators(verb(path), UseInterceptors(WriteStagesInterceptor));

export const Post = writing(NestPost);
export const Put = writing(NestPut);
export const Patch = writing(NestPatch);
export const Delete = writing(NestDelete);
