import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { isListenAddress } from './http-address';
import { isTrustedProxies, MAX_PROXY_HOPS, parseTrustedProxies, TrustedProxies } from './trusted-proxies';

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(normalised)) return true;
  if (['false', '0', 'no'].includes(normalised)) return false;
  return value;
};
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const toOptionalInt = ({ value }: { value: unknown }) => toInt({ value: emptyToUndefined({ value }) });

/** A whole-number setting from `min` (to `max`), read from its string. */
const IntSetting = (min: number, max?: number): PropertyDecorator =>
  applyDecorators(Transform(toInt), IsInt(), Min(min), ...(max === undefined ? [] : [Max(max)]));

/** Whether `text` is base64 of exactly 32 bytes: what SECRETS_KEY must be. */
export const isSecretsKey = (text: unknown): boolean => typeof text === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(text);

/** An optional key of secrets at rest. */
const SecretsKeySetting = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsOptional(),
    ValidateBy({
      name: 'isSecretsKey',
      validator: {
        validate: isSecretsKey,
        defaultMessage: (args) => `${args?.property} must be 32 bytes, base64 (openssl rand -base64 32)`,
      },
    }),
  );

/**
 * Every setting the service reads. Validated once at start-up: a bad value stops the
 * process with a message naming the setting. `.env.example` lists the same names.
 */
export class Environment {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IntSetting(0, 65535)
  PORT = 3000;

  /** Port of the Prometheus endpoint (GET /metrics), apart from the API; unset serves no metrics. */
  @Transform(toOptionalInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;

  /** Address to listen on: loopback for the zero-config start; 0.0.0.0 (every interface) in a container. */
  @ValidateBy({
    name: 'isListenAddress',
    validator: {
      validate: isListenAddress,
      defaultMessage: () => 'HOST must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::) or localhost',
    },
  })
  HOST = '127.0.0.1';

  /** Postgres URL; unset starts an embedded PostgreSQL under DATA_DIR. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true })
  DATABASE_URL?: string;

  @Transform(toBoolean)
  @IsBoolean()
  DB_MIGRATE = true;

  @IntSetting(1, 200)
  DB_POOL_SIZE = 20;

  /**
   * Keep the hot statements prepared per connection (named). Turn off behind a PgBouncer in
   * transaction pooling that cannot keep prepared statements (before 1.21, or
   * max_prepared_statements = 0): the same SQL then runs unnamed.
   */
  @Transform(toBoolean)
  @IsBoolean()
  DB_NAMED_STATEMENTS = true;

  /** S3/MinIO endpoint such as http://127.0.0.1:9000; unset starts an embedded S3 server. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  MINIO_ENDPOINT?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MINIO_ACCESS_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MINIO_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MINIO_REGION?: string;

  /**
   * The S3/MinIO address clients reach for presigned links, when it differs from MINIO_ENDPOINT
   * (a proxy, a public host name); unset: MINIO_ENDPOINT.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  MINIO_PUBLIC_ENDPOINT?: string;

  /** Largest file one upload may store, MiB (413 payload_too_large beyond it). */
  @IntSetting(1, 5 * 1024)
  UPLOAD_MAX_MB = 100;

  /** Prefix of every company bucket name (lowercase letters, digits, hyphens). */
  @IsString()
  @Length(1, 20)
  @Matches(/^[a-z0-9][a-z0-9-]*$/, { message: 'must be lowercase letters, digits and hyphens (S3 bucket rules)' })
  MINIO_BUCKET_PREFIX = 'company-';

  /** Bound on one object-storage call (a metadata call, or an object transfer's first byte), ms. */
  @IntSetting(100)
  STORAGE_TIMEOUT_MS = 5000;

  /** Longest a client may take to send a request's headers, ms (Node's own default: 60 s). */
  @IntSetting(1000)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /** Longest a client may take to send a whole request, headers and body, ms (Node's: 300 s). */
  @IntSetting(1000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long an idle keep-alive connection stays open, ms (Node's: 5 s). Above the idle timeout
   * of the proxy in front (ingress-nginx and most load balancers: 60 s), so the proxy, not the
   * service, closes an idle connection and never reuses one the service is closing.
   */
  @IntSetting(1000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;

  /**
   * Which X-Forwarded-For entries to believe for the client IP: `false` (none: the socket's peer,
   * loopback included), a hop count (`1` behind one ingress), or the proxies' addresses and CIDR ranges.
   */
  @Transform(({ value }) => parseTrustedProxies(value))
  @ValidateBy({
    name: 'isTrustedProxies',
    validator: {
      validate: isTrustedProxies,
      defaultMessage: () =>
        `TRUST_PROXY must be false, a hop count from 0 to ${MAX_PROXY_HOPS} (1 behind one ingress), or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal; "true" would believe any client's X-Forwarded-For`,
    },
  })
  TRUST_PROXY: TrustedProxies = 0;

  /** Lets webhooks call http URLs and private addresses (loopback, LAN, metadata): development and tests only. */
  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE = false;

  /** How often each instance looks for due webhook deliveries, ms. */
  @IntSetting(10)
  WEBHOOK_POLL_MS = 1000;

  /** How long a receiver has to answer a delivery, ms. */
  @IntSetting(100)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** Seconds before each retry of a failed delivery, comma-separated. */
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : value))
  @IsArray()
  @ArrayNotEmpty()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @Min(0, { each: true })
  WEBHOOK_RETRY_SCHEDULE: number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

  /** Where the embedded PostgreSQL and S3 server keep their data. */
  @IsString()
  DATA_DIR = '.data';

  /**
   * Run as root, the embedded PostgreSQL runs as the `postgres` user, which may not reach
   * DATA_DIR or node_modules: its binaries and cluster are kept here instead.
   */
  @IsString()
  @Matches(/^\//, { message: 'ROOT_POSTGRES_DIR must be an absolute path' })
  ROOT_POSTGRES_DIR = '/var/lib/business-platform-api';

  /**
   * The key of secrets at rest (webhook signing secrets; the digests of confirmation codes and
   * reset tokens): 32 bytes, base64. Unset: production refuses to start; otherwise the key
   * generated under DATA_DIR on the first start.
   */
  @SecretsKeySetting()
  SECRETS_KEY?: string;

  /** The key SECRETS_KEY replaced: read (never written) until `npm run secrets:rotate` has run. */
  @SecretsKeySetting()
  SECRETS_KEY_PREVIOUS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail()
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Length(8, 72)
  ADMIN_PASSWORD?: string;

  /**
   * The keyword critical console actions need in `X-Admin-Keyword` (CONTRACT 21: promote and
   * demote an administrator, change a plan, apply migrations). Unset: those actions are refused.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Length(8, 256)
  ADMIN_KEYWORD?: string;

  /**
   * How often the console's snapshots (db, server, media, clientele) are taken, seconds, by one
   * instance at a time (CONTRACT 21); 0 takes none.
   */
  @IntSetting(0, 86_400)
  ADMIN_SNAPSHOT_S = 60;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /**
   * Human-readable log lines instead of JSON. Unset: pretty in development when stdout is a
   * terminal. Never in production (pino-pretty is a development dependency).
   */
  @Transform(({ value }) => (value === '' ? undefined : toBoolean({ value })))
  @IsOptional()
  @IsBoolean()
  LOG_PRETTY?: boolean;

  /** Lifetime of an access token (sign-in, refresh), minutes. */
  @IntSetting(1, 24 * 60)
  ACCESS_TOKEN_TTL_MINUTES = 60;

  /** Lifetime of a refresh chain from sign-in, days: refreshing does not extend it. */
  @IntSetting(1, 365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  /** The refresh_token cookie's Secure attribute; false only for plain-http development. */
  @Transform(toBoolean)
  @IsBoolean()
  COOKIE_SECURE = true;

  /** The refresh_token cookie's SameSite; None (a client on another site) requires COOKIE_SECURE. */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(['lax', 'strict', 'none'], { message: 'COOKIE_SAMESITE must be Lax, Strict or None' })
  COOKIE_SAMESITE: 'lax' | 'strict' | 'none' = 'lax';

  /** The refresh_token cookie's Path; `/` when the web client is served from the same origin. */
  @Matches(/^\/[\x21-\x3a\x3c-\x7e]*$/, { message: 'COOKIE_PATH must be a path starting with /' })
  COOKIE_PATH = '/api/v1/account';

  /** The refresh_token cookie's Domain; unset: the host that set it only. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\.?[A-Za-z0-9.-]+$/, { message: 'COOKIE_DOMAIN must be a host name' })
  COOKIE_DOMAIN?: string;

  /** Browser origins allowed to call the API with credentials (CORS), comma-separated; unset: none. */
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== '')
      : value,
  )
  @ValidateBy({
    name: 'isOriginList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every(isOrigin),
      defaultMessage: () =>
        'CORS_ORIGINS must be exact origins, comma-separated (https://app.example.com,http://localhost:3000), with no path',
    },
  })
  CORS_ORIGINS: string[] = [];

  /** bcrypt cost factor for passwords. */
  @IntSetting(4, 15)
  BCRYPT_ROUNDS = 10;

  /** smtp://user:pass@host:port; unset writes outgoing mail to the log. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true })
  SMTP_URL?: string;

  @IsEmail()
  MAIL_FROM = 'no-reply@platform.local';

  /** The web client's address (https://app.example.com): mail links point under it; unset, mail carries no links. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  APP_URL?: string;

  /** How often each instance looks for due mail in the outbox, ms. */
  @IntSetting(10)
  MAIL_POLL_MS = 1000;

  /** Seconds before each retry of mail the server refused or did not take, comma-separated (CONTRACT 23). */
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : value))
  @IsArray()
  @ArrayNotEmpty()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @Min(0, { each: true })
  MAIL_RETRY_SCHEDULE: number[] = [60, 120, 600, 1800, 7200, 21600, 43200];
}

/** `scheme://host[:port]`, exactly as a browser sends it in Origin. */
function isOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

/** Rules across settings, each failing with a line that says what to change. */
function crossSettingProblems(env: Environment): string[] {
  const problems: string[] = [];
  if (env.COOKIE_SAMESITE === 'none' && !env.COOKIE_SECURE)
    problems.push(
      '  COOKIE_SAMESITE: None needs COOKIE_SECURE=true (browsers drop a SameSite=None cookie that is not Secure)',
    );
  return problems;
}

export class InvalidEnvironmentError extends Error {}

/** Parses and validates process.env; throws one error naming every bad setting. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
  if (errors.length === 0) lines.push(...crossSettingProblems(env));
  if (lines.length > 0) {
    throw new InvalidEnvironmentError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return env;
}
