import { Module } from '@nestjs/common';
import { SummaryController } from './summary.controller';
import { SummaryRepository } from './summary.repository';
import { SummaryService } from './summary.service';

/** The company's general figures across its modules (the Kroncl server's tenant `general`). */
@Module({ controllers: [SummaryController], providers: [SummaryService, SummaryRepository] })
export class GeneralModule {}
