import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException, found } from '../../../core/http/app.exception';
import { MailOutbox } from '../../../core/mail/mail-outbox';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { BecomePartnerDto, PartnerApplicationDto, PartnerRequestReceivedDto } from './dto/partner.dto';
import { PartnersRepository } from './partners.repository';

/** At most this many applications an hour from one client address (CONTRACT 17). */
export const APPLICATIONS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

@Injectable()
export class PartnersService {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly mail: MailOutbox,
  ) {}

  /** Stores the application; the sixth within an hour from one address is 429 until the oldest is an hour old. */
  @Transactional()
  async apply(dto: BecomePartnerDto, clientIp: string): Promise<PartnerRequestReceivedDto> {
    await this.partners.lockAddress(clientIp);
    const { count, oldest } = await this.partners.lastHour(clientIp);
    if (count >= APPLICATIONS_PER_HOUR) {
      const retryAfter = Math.max(1, Math.ceil((oldest!.getTime() + HOUR_MS - Date.now()) / 1000));
      throw new AppException(
        'rate_limited',
        `At most ${APPLICATIONS_PER_HOUR} partner applications an hour from one address; try again later`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    await this.partners.create({
      name: dto.name,
      type: dto.type,
      email: dto.email,
      text: dto.text ?? null,
      client_ip: clientIp,
    });
    await this.mail.toAdministrators('partner_alert', {
      name: dto.name,
      email: dto.email,
      details: dto.text ? `${dto.type}: ${dto.text}` : dto.type,
    });
    return { success: true };
  }

  /** Platform administrators only. */
  list(auth: AuthContext, query: PageQueryDto): Promise<Page<PartnerApplicationDto>> {
    if (!auth.account.is_admin) throw AppException.forbidden('Only platform administrators read partner applications');
    return this.partners.list(query);
  }

  /** The operators' console (CONTRACT 21): every application, by status and search. */
  directory(query: PageQueryDto, filter: { status?: string; search?: string }): Promise<Page<PartnerApplicationDto>> {
    return this.partners.list(query, filter);
  }

  async get(id: string): Promise<PartnerApplicationDto> {
    return found(await this.partners.find(id), 'Partner');
  }

  async setStatus(id: string, status: string): Promise<PartnerApplicationDto> {
    return found(await this.partners.setStatus(id, status), 'Partner');
  }
}
