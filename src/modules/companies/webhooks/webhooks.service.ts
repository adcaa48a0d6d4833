import { Inject, Injectable } from '@nestjs/common';
import { CompanyRecords } from '../../../core/records/company-records';
import { CompanyAccess } from '../../../core/access/company-access';
import { AuditedKeys } from '../../../core/audit/audited-keys';
import { AuthContext } from '../../../core/auth/auth-context';
import { SecurityEvents } from '../../../core/security/security-events';
import { StagedWrite } from '../../../core/audit/staged-write';
import { AppException, found } from '../../../core/http/app.exception';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { SecretBox } from '../../../config/secret-box';
import { CreateWebhookDto, DeliveryDto, UpdateWebhookDto, WebhookDto, WebhookWithSecretDto } from './dto/webhook.dto';
import { WEBHOOK_SETTINGS, WebhookSettings } from './webhook-settings';
import { newWebhookSecret } from './webhook-signature';
import { checkWebhookUrl, UnsafeWebhookUrl } from './webhook-url';
import { WebhooksRepository } from './webhooks.repository';

const EVERY_EVENT = '*';

@Injectable()
export class WebhooksService extends CompanyRecords<WebhooksRepository> {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly auditedKeys: AuditedKeys,
    private readonly secretBox: SecretBox,
    private readonly events: SecurityEvents,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {
    super(webhooks, 'Webhook');
  }

  /**
   * The URL is checked before the change's transaction opens (a host's DNS answer can take
   * seconds, and no connection or company lock waits on it); the StagedWrite writes the row.
   */
  async create(
    auth: AuthContext,
    company: CompanyAccess,
    dto: CreateWebhookDto,
  ): Promise<StagedWrite<WebhookWithSecretDto>> {
    const url = await this.normalisedUrl(dto.url);
    this.checkEvents(dto.events);
    return StagedWrite.of(async () => {
      const secret = newWebhookSecret();
      const webhook = await this.webhooks.create(company.companyId, {
        url,
        events: [...new Set(dto.events)],
        description: dto.description ?? null,
        secret: this.secretBox.seal(secret),
      });
      await this.events.record('webhook.secret_created', 'success', auth.account.id);
      return { ...webhook, secret };
    });
  }

  /** As create: a new URL is checked before the change's transaction opens. */
  async update(company: CompanyAccess, id: string, dto: UpdateWebhookDto): Promise<StagedWrite<WebhookDto>> {
    const url = dto.url === undefined ? undefined : await this.normalisedUrl(dto.url);
    if (dto.events !== undefined) this.checkEvents(dto.events);
    return StagedWrite.of(async () =>
      found(
        await this.webhooks.update(company.companyId, id, {
          ...dto,
          ...(url !== undefined && { url }),
          ...(dto.events && { events: [...new Set(dto.events)] }),
        }),
        'Webhook',
      ),
    );
  }

  async remove(company: CompanyAccess, id: string): Promise<void> {
    if (!(await this.webhooks.remove(company.companyId, id))) throw AppException.notFound('Webhook');
  }

  async rotateSecret(auth: AuthContext, company: CompanyAccess, id: string): Promise<WebhookWithSecretDto> {
    const secret = newWebhookSecret();
    const webhook = found(
      await this.webhooks.rotateSecret(company.companyId, id, this.secretBox.seal(secret)),
      'Webhook',
    );
    await this.events.record('webhook.secret_rotated', 'success', auth.account.id);
    return { ...webhook, secret };
  }

  deliveries(webhookId: string, query: PageQueryDto): Promise<Page<DeliveryDto>> {
    return this.webhooks.listDeliveries(webhookId, query);
  }

  async retry(webhookId: string, deliveryId: string): Promise<DeliveryDto> {
    return found(await this.webhooks.retryDelivery(webhookId, deliveryId), 'Delivery');
  }

  /** The URL as stored: checked, in its WHATWG serialisation (CONTRACT 20). */
  private async normalisedUrl(url: string): Promise<string> {
    try {
      return (await checkWebhookUrl(url, this.settings.allowPrivate)).href;
    } catch (error) {
      if (error instanceof UnsafeWebhookUrl) throw AppException.validation([{ field: 'url', message: error.message }]);
      throw error;
    }
  }

  /** Audit keys of the company's changes, or `*`; read codes are never audited, so never events. */
  private checkEvents(events: string[]): void {
    const unknown = events.flatMap((event, i) =>
      event === EVERY_EVENT || this.auditedKeys.has(event)
        ? []
        : [{ field: `events.${i}`, message: `${event} is not the audit key of a change, nor *` }],
    );
    if (unknown.length > 0) throw AppException.validation(unknown);
  }
}
