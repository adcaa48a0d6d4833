import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { AccountsService } from './accounts.service';
import { AccountDto, AccountSummaryDto } from './dto/account.dto';
import { UpdateAccountDto } from './dto/update-account.dto';

@ApiTags('Account')
@Controller('account')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({ summary: 'The calling account' })
  @ApiEnvelope(AccountDto)
  getMyAccount(@CurrentAuth() auth: AuthContext<AccountDto>) {
    return this.accounts.me(auth);
  }

  @Patch()
  @ApiOperation({ summary: 'Change name, description or type; only the fields sent change' })
  @ApiEnvelope(AccountDto)
  update(@CurrentAuth() auth: AuthContext, @Body() body: UpdateAccountDto) {
    return this.accounts.update(auth, body);
  }

  @Get('summary')
  @ApiOperation({ summary: 'Counts of companies, waiting invitations and active fingerprints' })
  @ApiEnvelope(AccountSummaryDto)
  getAccountSummary(@CurrentAuth() auth: AuthContext<AccountDto>) {
    return this.accounts.summary(auth);
  }
}
