import type { Locale, MailKind } from './mail-kinds';

type Localized<T = string> = Record<Locale, T>;

/**
 * A message as data (one file per kind under ./templates): a subject and paragraphs in each
 * language, with `{name}` standing for a value, and an optional link into the web client.
 */
export interface MailTemplate {
  kind: MailKind;
  subject: Localized;
  paragraphs: Localized<string[]>;
  /** A path under APP_URL (`{name}` values URL-encoded) and its label; left out without APP_URL. */
  link?: { path: string; label: Localized };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/** Values stand as written in the subject and text, escaped in the HTML, URL-encoded in a link's path. */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  params: Record<string, string>,
  appUrl: string | undefined,
): RenderedMail {
  const fill = (pattern: string, encode: (value: string) => string) =>
    pattern.replace(/\{(\w+)\}/g, (_match, name: string) => encode(params[name] ?? ''));
  const asIs = (value: string) => value;
  const subject = fill(template.subject[locale], asIs).replace(/[\r\n]+/g, ' ');
  const paragraphs = template.paragraphs[locale];
  const text = paragraphs.map((paragraph) => fill(paragraph, asIs));
  const html = paragraphs.map((paragraph) => `<p>${fill(escapeHtml(paragraph), escapeHtml)}</p>`);
  if (template.link && appUrl) {
    const url = `${appUrl.replace(/\/+$/, '')}${fill(template.link.path, encodeURIComponent)}`;
    const label = template.link.label[locale];
    text.push(`${label}: ${url}`);
    html.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`);
  }
  return {
    subject,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${html.join('')}</body></html>`,
  };
}
