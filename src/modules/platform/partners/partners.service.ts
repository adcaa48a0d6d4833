import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException, found } from '../../../core/http/app.exception';
import { LIMITS } from '../../../core/limits/throttle-limits';
import { Throttles } from '../../../core/limits/throttles';
import { MailOutbox } from '../../../core/mail/mail-outbox';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import type { Sql } from '../../../database/sql';
import { BecomePartnerDto, PartnerApplicationDto, PartnerRequestReceivedDto } from './dto/partner.dto';
import { PartnersRepository } from './partners.repository';

@Injectable()
export class PartnersService {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly mail: MailOutbox,
    private readonly throttles: Throttles,
  ) {}

  /** Stores the application; past the address's hourly applications (throttle-limits.ts), 429. */
  async apply(dto: BecomePartnerDto, clientIp: string): Promise<PartnerRequestReceivedDto> {
    await this.throttles.take([{ limit: LIMITS.partnerApplicationsPerAddress, subject: clientIp }]);
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
  directory(
    query: PageQueryDto,
    filter: { status?: string; search?: string },
    keptTotal?: (name: string) => Sql,
  ): Promise<Page<PartnerApplicationDto>> {
    return this.partners.list(query, filter, keptTotal);
  }

  async get(id: string): Promise<PartnerApplicationDto> {
    return found(await this.partners.find(id), 'Partner');
  }

  async setStatus(id: string, status: string): Promise<PartnerApplicationDto> {
    return found(await this.partners.setStatus(id, status), 'Partner');
  }
}
