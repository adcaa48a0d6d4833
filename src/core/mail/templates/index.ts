import type { MailKind } from '../mail-kinds';
import type { MailTemplate } from '../mail-template';
import { confirmationCode } from './confirmation_code';
import { invitation } from './invitation';
import { newSignIn } from './new_sign_in';
import { partnerAlert } from './partner_alert';
import { passwordChanged } from './password_changed';
import { purchaseConfirmed } from './purchase_confirmed';
import { purchaseWaiting } from './purchase_waiting';
import { resetLink } from './reset_link';
import { supportAlert } from './support_alert';
import { supportAnswer } from './support_answer';
import { welcome } from './welcome';

/** Every kind's template; a kind without one does not compile. */
export const MAIL_TEMPLATES: Record<MailKind, MailTemplate> = {
  confirmation_code: confirmationCode,
  welcome,
  new_sign_in: newSignIn,
  reset_link: resetLink,
  password_changed: passwordChanged,
  invitation,
  support_answer: supportAnswer,
  support_alert: supportAlert,
  partner_alert: partnerAlert,
  purchase_waiting: purchaseWaiting,
  purchase_confirmed: purchaseConfirmed,
};
