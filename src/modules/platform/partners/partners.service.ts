import { Injectable } from '@nestjs/common';
import { AuthContext } from '../../../core/auth/auth-context';
import { AppException } from '../../../core/http/app.exception';
import { LIMITS } from '../../../core/limits/throttle-limits';
import { Throttles } from '../../../core/limits/throttles';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { BecomePartnerDto, PartnerApplicationDto, PartnerRequestReceivedDto } from './dto/partner.dto';
import { PartnersRepository } from './partners.repository';

@Injectable()
export class PartnersService {
  constructor(
    private readonly partners: PartnersRepository,
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
    return { success: true };
  }

  /** Platform administrators only. */
  list(auth: AuthContext, query: PageQueryDto): Promise<Page<PartnerApplicationDto>> {
    if (!auth.account.is_admin) throw AppException.forbidden('Only platform administrators read partner applications');
    return this.partners.list(query);
  }
}
