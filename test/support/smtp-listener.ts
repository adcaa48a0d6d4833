import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body (quoted-printable undone). */
  data: string;
  /** The message exactly as it came over the wire (encoded words and soft line breaks kept). */
  raw?: string;
}

/**
 * A real SMTP server on a loopback port, enough of RFC 5321 for nodemailer (EHLO without
 * STARTTLS, MAIL, RCPT, DATA, RSET, QUIT): the service's mail reaches it over TCP exactly as it
 * would reach a mail server, and tests read what arrived.
 */
export class SmtpListener {
  readonly mails: ReceivedMail[] = [];
  /** While set, every RCPT is answered with this reply (e.g. `451 4.3.0 try later`) and nothing is taken. */
  refusal: string | null = null;
  private readonly waiters: Array<{ test: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> =
    [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  async start(): Promise<string> {
    this.server = createServer((socket) => this.converse(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The first mail to `to` that arrives after `since` (an index into `mails`), waiting for it. */
  next(to: string, since = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
    const test = (mail: ReceivedMail) => mail.to.includes(to.toLowerCase());
    const arrived = this.mails.slice(since).find(test);
    if (arrived) return Promise.resolve(arrived);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  private deliver(mail: ReceivedMail): void {
    this.mails.push(mail);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i].test(mail)) this.waiters.splice(i, 1)[0].resolve(mail);
    }
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          mail.data = decodeQuotedPrintable(mail.raw);
          buffer = buffer.slice(end + 5);
          inData = false;
          this.deliver(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 ok');
        } else if (verb === 'RCPT') {
          if (this.refusal) {
            reply(this.refusal);
            continue;
          }
          mail.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
