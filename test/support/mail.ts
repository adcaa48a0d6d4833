import type { ReceivedMail } from './smtp-listener';

/** A received message's subject and its text and HTML parts, decoded to UTF-8. */
export interface ReadMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Reads a message as the service sends it (nodemailer, quoted-printable parts, the listener has
 * undone the quoted-printable into bytes): the subject's encoded words, the two parts' bodies.
 */
export function readMail(mail: ReceivedMail): ReadMail {
  const bytes = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
  const [head] = (mail.raw ?? mail.data).split('\r\n\r\n');
  const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('latin1')
        : word
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
    );
  const part = (type: string) => {
    const found = mail.data.split(/\r\n--[^\r\n]+\r\n/).find((chunk) => chunk.startsWith(`Content-Type: ${type}`));
    if (!found) throw new Error(`no ${type} part in:\n${mail.data}`);
    return bytes(found.slice(found.indexOf('\r\n\r\n') + 4).split(/\r\n--/)[0]);
  };
  return { subject: bytes(subject), text: part('text/plain'), html: part('text/html') };
}
