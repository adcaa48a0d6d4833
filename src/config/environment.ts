import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
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

/**
 * Every setting the service reads. Validated once at start-up: a bad value stops the
 * process with a message naming the setting. `.env.example` lists the same names.
 */
export class Environment {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
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

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
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

  /** Prefix of every company bucket name (lowercase letters, digits, hyphens). */
  @IsString()
  @Length(1, 20)
  @Matches(/^[a-z0-9][a-z0-9-]*$/, { message: 'must be lowercase letters, digits and hyphens (S3 bucket rules)' })
  MINIO_BUCKET_PREFIX = 'company-';

  /** Bound on one object-storage call (a metadata call, or an object transfer's first byte), ms. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  STORAGE_TIMEOUT_MS = 5000;

  /** Longest a client may take to send a request's headers, ms (Node's own default: 60 s). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /** Longest a client may take to send a whole request, headers and body, ms (Node's: 300 s). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long an idle keep-alive connection stays open, ms (Node's: 5 s). Above the idle timeout
   * of the proxy in front (ingress-nginx and most load balancers: 60 s), so the proxy, not the
   * service, closes an idle connection and never reuses one the service is closing.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;

  /**
   * Which X-Forwarded-For entries to believe for the client IP: `false` (a proxy on this host
   * only), a hop count (`1` behind one ingress), or the proxies' addresses and CIDR ranges.
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
  TRUST_PROXY: TrustedProxies = ['loopback'];

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

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail()
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Length(8, 72)
  ADMIN_PASSWORD?: string;

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

  /** Lifetime of a session token issued by sign-in. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  SESSION_TTL_HOURS = 24;

  /** bcrypt cost factor for passwords. */
  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_ROUNDS = 10;

  /** smtp://user:pass@host:port; unset writes outgoing mail to the log. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true })
  SMTP_URL?: string;

  @IsEmail()
  MAIL_FROM = 'no-reply@platform.local';
}

export class InvalidEnvironmentError extends Error {}

/** Parses and validates process.env; throws one error naming every bad setting. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new InvalidEnvironmentError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return env;
}
