import { forwardRef, Module } from '@nestjs/common';
import { HrmModule } from '../hrm/hrm.module';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

@Module({
  imports: [forwardRef(() => HrmModule)],
  controllers: [MembersController],
  providers: [MembersService, MembersRepository],
  exports: [MembersRepository],
})
export class MembersModule {}
