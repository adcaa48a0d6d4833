import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { CookieOptions, Request, Response } from 'express';
import type { Environment } from '../../config/environment';

export const REFRESH_COOKIE = 'refresh_token';

/**
 * The refresh token travels only in this HttpOnly cookie (CONTRACT 17), so page scripts never
 * read it. Its attributes come from the COOKIE_* settings; Max-Age is what is left of the chain.
 */
@Injectable()
export class RefreshCookie {
  private readonly attributes: CookieOptions;

  constructor(config: ConfigService<Environment, true>) {
    this.attributes = {
      httpOnly: true,
      secure: config.get('COOKIE_SECURE', { infer: true }),
      sameSite: config.get('COOKIE_SAMESITE', { infer: true }),
      path: config.get('COOKIE_PATH', { infer: true }),
      domain: config.get('COOKIE_DOMAIN', { infer: true }),
    };
  }

  set(res: Response, token: string, chainEndsAt: Date): void {
    res.cookie(REFRESH_COOKIE, token, {
      ...this.attributes,
      maxAge: Math.max(0, chainEndsAt.getTime() - Date.now()),
    });
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.attributes);
  }

  /** The presented refresh token, or null (no Cookie header parser runs for the other routes). */
  read(req: Request): string | null {
    for (const pair of (req.headers.cookie ?? '').split(';')) {
      const separator = pair.indexOf('=');
      if (separator < 0 || pair.slice(0, separator).trim() !== REFRESH_COOKIE) continue;
      const value = pair.slice(separator + 1).trim();
      return value === '' ? null : value;
    }
    return null;
  }
}
