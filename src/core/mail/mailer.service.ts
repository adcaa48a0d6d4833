import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, Transporter } from 'nodemailer';
import type { Environment } from '../../config/environment';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Delivers mail over SMTP when SMTP_URL is set; otherwise writes it to the application log
 * (CONTRACT 3: that is how a confirmation token reaches a developer without a mail server).
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.transport = url ? createTransport(url) : null;
    this.from = config.get('MAIL_FROM', { infer: true });
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      this.logger.log(`Mail to ${mail.to} (no SMTP_URL configured, logged instead): ${mail.subject}\n${mail.text}`);
      return;
    }
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
