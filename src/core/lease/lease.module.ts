import { Global, Module } from '@nestjs/common';
import { Leases } from './leases';

@Global()
@Module({ providers: [Leases], exports: [Leases] })
export class LeaseModule {}
