import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthContext, CurrentAuth } from '../../core/auth/auth-context';
import { Public } from '../../core/auth/auth.decorators';
import { ApiEnvelope } from '../../core/openapi/api-envelope.decorator';
import { AccountDto } from '../accounts/dto/account.dto';
import { AuthService } from './auth.service';
import { ConfirmDto, FingerprintLoginDto, LoginDto, RegisterDto, SessionDto } from './dto/auth.dto';
import { ApiErrors } from '../../core/openapi/api-errors.decorator';

@ApiTags('Auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create an account (status waiting); the confirmation token goes out by mail' })
  @ApiEnvelope(AccountDto, { status: HttpStatus.CREATED })
  @ApiErrors({ conflict: 'an account with this e-mail already exists' })
  signUp(@Body() body: RegisterDto) {
    return this.auth.register(body);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with e-mail and password; returns a bearer session token' })
  @ApiEnvelope(SessionDto)
  @ApiErrors({ rate_limited: 'too many attempts for this e-mail; see Retry-After' })
  logIn(@Body() body: LoginDto) {
    return this.auth.login(body);
  }

  @Public()
  @Post('fingerprint')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with a fingerprint key; the session ends no later than the fingerprint' })
  @ApiEnvelope(SessionDto)
  logInWithFingerprint(@Body() body: FingerprintLoginDto) {
    return this.auth.loginWithFingerprint(body.key);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'End the current session; its token stops working at once' })
  @ApiEnvelope()
  @ApiErrors({ conflict: 'the credential is an API key, which is revoked instead' })
  async logOut(@CurrentAuth() auth: AuthContext) {
    await this.auth.logout(auth);
  }

  @Public()
  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Confirm the e-mail with the token that was mailed' })
  @ApiEnvelope(AccountDto)
  confirmEmail(@Body() body: ConfirmDto) {
    return this.auth.confirm(body.token);
  }
}
