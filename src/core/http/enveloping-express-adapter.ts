import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { Page } from '../pagination/page';
import { answerData, answerMessage, listKeyOf, successEnvelope, successEnvelopeJson } from './envelope';
import { routeHandlerOf } from './route-handler.guard';

/**
 * Express, with the answer of every route handler sent in the envelope of spec section 1 (a
 * file as it is): Nest hands every handler's answer to `reply`, reads and writes alike, after
 * the write stages ran (WriteStagesInterceptor). Errors do not come here; AllExceptionsFilter
 * sends the error envelope. A Page is written as text (Page.renderJson), so a list's items that
 * PostgreSQL wrote as JSON go out as they came (issue 42). main.ts and the tests' application
 * both create the service on it.
 */
export class EnvelopingExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof StreamableFile) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    const handler = routeHandlerOf(response.req);
    if (!handler) throw new Error(`No route handler recorded for ${response.req.method} ${response.req.path}`);
    if (body instanceof Page) {
      const data = body.renderJson(listKeyOf(handler));
      // What response.json would set; a string alone would be sent as text/html.
      response.type('application/json');
      return response.send(successEnvelopeJson(response.req, answerMessage(response), data));
    }
    return super.reply(response, successEnvelope(response.req, answerMessage(response), answerData(handler, body)));
  }
}
