import type { MailTemplate } from '../mail-template';

/** A password sign-in from an address and user agent the account has not used in 90 days. */
export const newSignIn: MailTemplate = {
  kind: 'new_sign_in',
  subject: { ru: 'Вход в аккаунт с нового устройства', en: 'A sign-in from a new device' },
  paragraphs: {
    ru: [
      'Здравствуйте, {name}!',
      'В ваш аккаунт вошли с нового устройства или адреса: {ip}, {user_agent}, {time} (UTC).',
      'Если это были не вы, смените пароль.',
    ],
    en: [
      'Hello {name},',
      'Your account was signed in to from a new device or address: {ip}, {user_agent}, {time} (UTC).',
      'If it was not you, change your password.',
    ],
  },
  link: { path: '/account/security', label: { ru: 'Безопасность аккаунта', en: 'Account security' } },
};
