import { Body, Controller, Get, HttpCode, HttpStatus, Query, Req, Res } from '@nestjs/common';
import { Post } from '../../../core/http/verbs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthContext, CurrentAuth } from '../../../core/auth/auth-context';
import { Public } from '../../../core/auth/auth.decorators';
import { RefreshCookie } from '../../../core/auth/refresh-cookie';
import { ClientAddress, clientAddress } from '../../../core/limits/client-address';
import { AccountDto } from '../accounts/accounts.face';
import { AuthService, Issued } from './auth.service';
import { SignInOrigin } from './sign-in-pairs.repository';
import {
  AccessTokenDto,
  CheckEmailQueryDto,
  ConfirmDto,
  EmailUniqueDto,
  EmailSentDto,
  FingerprintLoginDto,
  LoginDto,
  PasswordChangeDto,
  PasswordResetDto,
  PasswordResetRequestDto,
  PasswordResetTokenDto,
  PasswordResetTokenStateDto,
  RegisterDto,
  RegistrationDto,
  ResendConfirmationDto,
  SessionDto,
} from './dto/auth.dto';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

const SETS_COOKIE = 'Also sets the HttpOnly `refresh_token` cookie for POST /account/refresh.';

/** Sign-up, sign-in, refresh, sign-out, e-mail confirmation and password reset (CONTRACT 17). */
@ApiTags('Auth')
@Controller('account')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Public()
  @Post('reg')
  @Endpoint({
    summary: 'Create an account (status waiting) and sign it in; a 6-digit confirmation code is mailed',
    description: SETS_COOKIE,
    answer: RegistrationDto,
    status: HttpStatus.CREATED,
    errors: {
      conflict: 'an account with this e-mail already exists',
      rate_limited: 'the 10 sign-ups of the hour from this address are spent; see Retry-After',
    },
  })
  async signUp(@Body() body: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.withCookie(res, await this.auth.register(body, signInOrigin(req)));
  }

  /** Whether no account has the e-mail yet (the sign-up form's live check) */
  @Public()
  @Get('check-email-unique')
  @Endpoint({
    answer: EmailUniqueDto,
    errors: { rate_limited: 'counted with the sign-ups from this address (10 an hour); see Retry-After' },
  })
  checkEmailUnique(@Query() query: CheckEmailQueryDto, @ClientAddress() address: string) {
    return this.auth.isEmailUnique(query.email, address);
  }

  @Public()
  @Post('auth')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'Sign in with e-mail and password',
    description: SETS_COOKIE,
    answer: SessionDto,
    errors: {
      rate_limited:
        'too many failed sign-ins for this e-mail from this address (5 in 15 minutes), from this address ' +
        '(20 in 15 minutes), or for this e-mail (past 50 in an hour: one attempt per 10 seconds); see Retry-After',
    },
  })
  async logIn(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.withCookie(res, await this.auth.login(body, signInOrigin(req)));
  }

  @Public()
  @Post('fingerprints/auth')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'Sign in with a fingerprint key; the session ends no later than the fingerprint',
    description: SETS_COOKIE,
    answer: SessionDto,
    errors: {
      rate_limited: 'the 20 failed fingerprint sign-ins of the hour from this address are spent; see Retry-After',
    },
  })
  async logInWithFingerprint(
    @Body() body: FingerprintLoginDto,
    @ClientAddress() address: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.withCookie(res, await this.auth.loginWithFingerprint(body.key, address));
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'A new access token for the `refresh_token` cookie, which is replaced',
    description:
      'Each refresh token works once. Presenting one that was already used ends its session (the access token ' +
      'and the whole chain) and answers 401. Takes no body; the cookie is the credential.',
    answer: AccessTokenDto,
  })
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    try {
      return this.withCookie(res, await this.auth.refresh(this.cookie.read(req)));
    } catch (error) {
      this.cookie.clear(res);
      throw error;
    }
  }

  /** End the session: its access token and refresh chain stop working; the cookie is cleared */
  @Post('log-out')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ answer: 'empty', errors: { conflict: 'the credential is an API key, which is revoked instead' } })
  async logOut(@CurrentAuth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    await this.auth.logout(auth);
    this.cookie.clear(res);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'Deprecated alias of POST /account/log-out (the web client calls it)',
    deprecated: true,
    answer: 'empty',
    errors: { conflict: 'the credential is an API key, which is revoked instead' },
  })
  logOutDeprecated(@CurrentAuth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    return this.logOut(auth, res);
  }

  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'Confirm the e-mail with the mailed 6-digit code',
    description: 'A code lives 15 minutes; a wrong one answers 400, and the 5th wrong try voids it (409).',
    answer: AccountDto,
    errors: { conflict: 'already confirmed, or the code expired or was voided: request a new code' },
  })
  confirmEmail(@CurrentAuth() auth: AuthContext<AccountDto>, @Body() body: ConfirmDto) {
    return this.auth.confirm(auth, body);
  }

  /** Mail a new confirmation code (at most once a minute); the old one stops working */
  @Post('confirm/resend')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    answer: EmailSentDto,
    errors: {
      conflict: 'the e-mail is already confirmed',
      rate_limited: 'a code went out less than a minute ago; see Retry-After',
    },
  })
  resendConfirmation(@CurrentAuth() auth: AuthContext<AccountDto>, @Body() body: ResendConfirmationDto) {
    return this.auth.resendConfirmation(auth, body);
  }

  @Public()
  @Post('reset-password/send-link')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    summary: 'Mail a single-use password-reset token valid one hour',
    description:
      'Answers `{}` in the same time whether or not the e-mail is registered. At most 1 link a minute and 5 a day ' +
      'per e-mail (registered or not), and 20 an hour per address; past a limit, the same 429 for any e-mail.',
    answer: 'empty',
    errors: { rate_limited: 'too many reset links for this e-mail or from this address; see Retry-After' },
  })
  async sendResetLink(@Body() body: PasswordResetRequestDto, @ClientAddress() address: string) {
    await this.auth.sendResetLink(body.email, address);
  }

  /** Whether a password-reset token can still be used */
  @Public()
  @Post('reset-password/validate-token')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ answer: PasswordResetTokenStateDto })
  validateResetToken(@Body() body: PasswordResetTokenDto) {
    return this.auth.resetTokenState(body.token);
  }

  /**
   * Set a new password with a reset token; every session ends, every fingerprint and (unless
   * keep_api_keys) every API key is revoked
   */
  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ answer: 'empty' })
  async resetPassword(@Body() body: PasswordResetDto) {
    await this.auth.resetPassword(body);
  }

  /** Change the password; every other session ends and every fingerprint is revoked, API keys stay */
  @Post('password')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    credential: 'password',
    answer: 'empty',
    errors: { rate_limited: "a wrong current password counts as a failed sign-in of the account's e-mail from this address" },
  })
  async changePassword(
    @CurrentAuth() auth: AuthContext<AccountDto>,
    @Body() body: PasswordChangeDto,
    @ClientAddress() address: string,
  ) {
    await this.auth.changePassword(auth, body, address);
  }

  private withCookie<T>(res: Response, issued: Issued<T>): T {
    // An answer carrying a session's tokens is kept by no cache (CONTRACT 20).
    res.setHeader('Cache-Control', 'no-store');
    this.cookie.set(res, issued.refresh.token, issued.refresh.expires_at);
    return issued.answer;
  }
}

/** The client's address (TRUST_PROXY decides it) and user agent, for the new sign-in alert. */
function signInOrigin(req: Request): SignInOrigin {
  return { ip: clientAddress(req), userAgent: req.get('user-agent') ?? '' };
}
