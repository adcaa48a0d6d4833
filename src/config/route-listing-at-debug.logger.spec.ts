import type { LoggerService } from '@nestjs/common';
import { RouteListingAtDebugLogger } from './route-listing-at-debug.logger';

describe('RouteListingAtDebugLogger', () => {
  const inner = { log: jest.fn(), debug: jest.fn(), error: jest.fn(), warn: jest.fn() } satisfies LoggerService;
  const logger = new RouteListingAtDebugLogger(inner);
  beforeEach(() => jest.clearAllMocks());

  it.each(['RoutesResolver', 'RouterExplorer'])('writes %s lines (the route listing) at debug', (context) => {
    logger.log('Mapped {/api/v1/plans, GET} route', context);
    expect(inner.debug).toHaveBeenCalledWith('Mapped {/api/v1/plans, GET} route', context);
    expect(inner.log).not.toHaveBeenCalled();
  });

  it('leaves other lines at their level', () => {
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful', 'Bootstrap');
    expect(inner.log).toHaveBeenCalledWith('Nest application successfully started', 'NestApplication');
    expect(inner.warn).toHaveBeenCalledWith('careful', 'Bootstrap');
    expect(inner.debug).not.toHaveBeenCalled();
  });
});
