/**
 * Every throttle of the service (CONTRACT 20, 17), in one list: what it counts, over which window
 * (fixed, from its first hit), and how many it allows. A request past `maximum` in a window is
 * 429 `rate_limited` with `Retry-After` (the rest of the window). docs/security.md ("Limits") lists the same.
 */
export interface ThrottleLimit {
  /** Stored with each counter; unique. */
  name: string;
  windowSeconds: number;
  maximum: number;
  /** The 429's message; it never says whether an e-mail is registered. */
  message: string;
}

const MINUTE = 60;
const HOUR = 3600;

export const LIMITS = {
  /** Failed sign-ins of one (e-mail, address) pair; past it, that pair is locked for the window. */
  signInFailuresPerPair: {
    name: 'sign_in_failures_per_pair',
    windowSeconds: 15 * MINUTE,
    maximum: 5,
    message: 'Too many failed sign-ins for this e-mail from this address; try again later',
  },
  /** Failed sign-ins of one e-mail from every address; past it, signInSlowedPerPair applies (no refusal). */
  signInFailuresPerEmail: {
    name: 'sign_in_failures_per_email',
    windowSeconds: HOUR,
    maximum: 50,
    message: 'Too many failed sign-ins for this e-mail; try again later',
  },
  /** Once an e-mail is past its hourly failures: one attempt per 10 seconds per address. */
  signInSlowedPerPair: {
    name: 'sign_in_slowed_per_pair',
    windowSeconds: 10,
    maximum: 1,
    message: 'Sign-ins for this e-mail are slowed to one per 10 seconds per address; try again later',
  },
  /** Failed sign-ins from one address, whatever the e-mails. */
  signInFailuresPerAddress: {
    name: 'sign_in_failures_per_address',
    windowSeconds: 15 * MINUTE,
    maximum: 20,
    message: 'Too many failed sign-ins from this address; try again later',
  },
  /** Sign-ups from one address (and e-mail uniqueness checks, which count against it). */
  signUpsPerAddress: {
    name: 'sign_ups_per_address',
    windowSeconds: HOUR,
    maximum: 10,
    message: 'Too many sign-ups from this address; try again later',
  },
  /** Fingerprint sign-ins that failed, from one address. */
  fingerprintFailuresPerAddress: {
    name: 'fingerprint_failures_per_address',
    windowSeconds: HOUR,
    maximum: 20,
    message: 'Too many failed fingerprint sign-ins from this address; try again later',
  },
  /** Reset links per e-mail, registered or not. */
  resetLinksPerEmailMinute: {
    name: 'reset_links_per_email_minute',
    windowSeconds: MINUTE,
    maximum: 1,
    message: 'Too many reset links asked; try again later',
  },
  resetLinksPerEmailDay: {
    name: 'reset_links_per_email_day',
    windowSeconds: 24 * HOUR,
    maximum: 5,
    message: 'Too many reset links asked; try again later',
  },
  resetLinksPerAddress: {
    name: 'reset_links_per_address',
    windowSeconds: HOUR,
    maximum: 20,
    message: 'Too many reset links asked; try again later',
  },
  /** New confirmation codes per account (the one mailed at sign-up included). */
  confirmationCodesPerAccount: {
    name: 'confirmation_codes_per_account',
    windowSeconds: MINUTE,
    maximum: 1,
    message: 'A code was sent less than a minute ago',
  },
  /** Partner applications from one address. */
  partnerApplicationsPerAddress: {
    name: 'partner_applications_per_address',
    windowSeconds: HOUR,
    maximum: 5,
    message: 'At most 5 partner applications an hour from one address; try again later',
  },
} as const satisfies Record<string, ThrottleLimit>;
