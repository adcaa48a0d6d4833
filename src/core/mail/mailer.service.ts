import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, Transporter } from 'nodemailer';
import type { Environment } from '../../config/environment';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Hands mail to the SMTP server of SMTP_URL over pooled connections; without SMTP_URL, writes it
 * to the application log (CONTRACT 3: how a confirmation code reaches a developer without a mail
 * server). Only the MailSender calls it: everything else queues mail in the outbox.
 */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.transport = url ? createTransport(pooled(url)) : null;
    this.from = config.get('MAIL_FROM', { infer: true });
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      this.logger.log(`Mail to ${mail.to} (no SMTP_URL configured, logged instead): ${mail.subject}\n${mail.text}`);
      return;
    }
    // Quoted-printable keeps the codes and links readable in the raw message, Cyrillic or not.
    await this.transport.sendMail({ from: this.from, textEncoding: 'quoted-printable', ...mail });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

/** SMTP_URL with pooling on: connections are reused from message to message (nodemailer's SMTPPool). */
function pooled(url: string): string {
  const pooledUrl = new URL(url);
  pooledUrl.searchParams.set('pool', 'true');
  if (!pooledUrl.searchParams.has('maxConnections')) pooledUrl.searchParams.set('maxConnections', '5');
  return pooledUrl.toString();
}
