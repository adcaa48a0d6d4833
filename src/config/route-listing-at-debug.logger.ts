import type { LoggerService } from '@nestjs/common';

/** Nest's start-up route listing: one line per route, noise at info. */
const ROUTE_LISTING_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer']);

/** Nest's logger with the start-up route listing moved from info to debug. */
export class RouteListingAtDebugLogger implements LoggerService {
  constructor(private readonly logger: LoggerService) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    // Nest passes the context last.
    if (ROUTE_LISTING_CONTEXTS.has(optionalParams.at(-1) as string)) this.logger.debug?.(message, ...optionalParams);
    else this.logger.log(message, ...optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.error(message, ...optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.warn(message, ...optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.debug?.(message, ...optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.verbose?.(message, ...optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.fatal?.(message, ...optionalParams);
  }
}
