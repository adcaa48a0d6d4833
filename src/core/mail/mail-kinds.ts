/** Every message the platform sends (CONTRACT 23), one template each under ./templates. */
export const MAIL_KINDS = [
  'confirmation_code',
  'welcome',
  'new_sign_in',
  'reset_link',
  'password_changed',
  'invitation',
  'support_answer',
  'support_alert',
  'partner_alert',
  'purchase_waiting',
  'purchase_confirmed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The messages a person may switch off, by the setting of GET/PATCH /account/notifications. */
export const NOTIFICATION_SETTINGS = ['new_sign_in', 'support_answers', 'admin_alerts'] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

export const SWITCHED_BY: Partial<Record<MailKind, NotificationSetting>> = {
  new_sign_in: 'new_sign_in',
  support_answer: 'support_answers',
  support_alert: 'admin_alerts',
  partner_alert: 'admin_alerts',
  purchase_waiting: 'admin_alerts',
};
