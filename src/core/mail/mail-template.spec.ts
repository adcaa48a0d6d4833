import { retryIn } from '../outbox/due-rows';
import { renderMail } from './mail-template';
import { MAIL_KINDS } from './mail-kinds';
import { MAIL_TEMPLATES } from './templates';

describe('renderMail', () => {
  const hostile = `<a href="x">Tom & 'Jerry'</a>`;

  it('every kind has a template of its own kind, in both languages', () => {
    for (const kind of MAIL_KINDS) {
      const template = MAIL_TEMPLATES[kind];
      expect(template.kind).toBe(kind);
      for (const locale of ['ru', 'en'] as const) {
        expect(template.subject[locale]).toBeTruthy();
        expect(template.paragraphs[locale].length).toBeGreaterThan(0);
      }
    }
  });

  it('values stand as written in the text and are escaped in the HTML; a link path encodes them', () => {
    const mail = renderMail(MAIL_TEMPLATES.reset_link, 'en', { token: hostile }, 'https://app.example.com/');
    expect(mail.text).toContain(hostile);
    expect(mail.html).toContain('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
    expect(mail.html).not.toContain(hostile);
    expect(mail.text).toContain(`https://app.example.com/reset-password?token=${encodeURIComponent(hostile)}`);
  });

  it('without APP_URL there is no link; a value cannot break the subject line', () => {
    const mail = renderMail(MAIL_TEMPLATES.welcome, 'ru', { name: 'Anna\r\nBcc: x@example.test' }, undefined);
    expect(mail.text).not.toContain('http');
    expect(mail.html).not.toContain('<a ');
    expect(mail.subject).toBe('Добро пожаловать, Anna Bcc: x@example.test!');
  });
});

describe('retryIn', () => {
  it('follows the schedule, then gives up', () => {
    const schedule = [60, 120, 600];
    expect([1, 2, 3, 4].map((attempts) => retryIn(attempts, schedule))).toEqual([60, 120, 600, null]);
  });
});
