import { Injectable } from '@nestjs/common';
import { CompanyRecords } from '../../../../core/records/company-records';
import { CompanyAccess } from '../../../../core/access/company-access';
import { AppException, FieldError, found } from '../../../../core/http/app.exception';
import { DocsRepository } from './docs.repository';
import type { DocsSettingsDto, UpdateDocsSettingsDto } from './dto/docs-settings.dto';
import { DocsSettingsRepository } from './settings/docs-settings.repository';
import { accountError } from './settings/requisites';

@Injectable()
export class DocsService extends CompanyRecords<DocsRepository> {
  constructor(
    docs: DocsRepository,
    private readonly settings: DocsSettingsRepository,
  ) {
    super(docs, 'Document');
  }

  async getSettings(company: CompanyAccess): Promise<DocsSettingsDto> {
    return found(await this.settings.find(company.companyId), 'Docs settings');
  }

  /**
   * Changes the fields sent. The DTO checked each requisite on its own and bank_account against
   * a bank_bic sent with it; here, on the locked row, the account and BIC that will be stored
   * together are checked against each other (a refusal changes nothing: the audited transaction
   * rolls back).
   */
  async updateSettings(company: CompanyAccess, dto: UpdateDocsSettingsDto): Promise<DocsSettingsDto> {
    const current = found(await this.settings.find(company.companyId, true), 'Docs settings');
    const account = dto.bank_account !== undefined ? dto.bank_account : current.bank_account;
    const bic = dto.bank_bic !== undefined ? dto.bank_bic : current.bank_bic;
    if (account !== null && (dto.bank_account !== undefined || dto.bank_bic !== undefined)) {
      const problem = accountError(account, bic);
      if (problem) throw AppException.validation([mismatch(dto, problem)]);
    }
    return (await this.settings.update(company.companyId, dto))!;
  }
}

/** The field to blame: the account when it was sent, else the BIC that no longer fits the stored account. */
function mismatch(dto: UpdateDocsSettingsDto, problem: string): FieldError {
  return dto.bank_account !== undefined
    ? { field: 'bank_account', message: problem }
    : { field: 'bank_bic', message: 'does not match the stored bank_account (send both, or clear bank_account)' };
}
