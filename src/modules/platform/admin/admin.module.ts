import { Module } from '@nestjs/common';
import { AdminAccessModule } from './access/admin-access.module';

/**
 * The operators' console under `/admin` (CONTRACT 21): one thin module per section, each
 * reading other modules through their faces. Access is declared per route with @AdminRoute.
 */
@Module({ imports: [AdminAccessModule] })
export class AdminModule {}
