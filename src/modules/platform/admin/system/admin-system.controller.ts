import { TextParams } from '../../../../core/access/company-route.decorators';
import { Controller, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { Post } from '../../../../core/http/verbs';
import { Page } from '../../../../core/pagination/page';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../../../../core/access/admin-route.decorators';
import { Endpoint } from '../../../../core/openapi/endpoint.decorator';
import { AccountDirectory } from '../../../account/accounts/accounts.face';
import type { SnapshotKind } from './admin-snapshot.entity';
import {
  AppliedMigrationsDto,
  BucketDto,
  BucketsQueryDto,
  ClientelePointDto,
  ClienteleStatsDto,
  DbPointDto,
  DbSysDto,
  HistoryQueryDto,
  MediaPointDto,
  MediaSysDto,
  ServerPointDto,
  SchemaListItemDto,
  SchemasQueryDto,
  SchemaSysDto,
  SchemaTableDto,
  ServerSysDto,
} from './dto/system.dto';
import { BucketNameParam, MediaBuckets } from './media-buckets';
import { Schemas, SHARED_SCHEMA } from './schemas';
import { Snapshots } from './snapshots';
import { SystemFigures } from './system-figures';

const SIGNUP_DAYS = 30;

/** The console's system pages: figures now, and their snapshots' history (CONTRACT 21). */
@ApiTags('Admin')
@Controller('admin')
export class AdminSystemController {
  constructor(
    private readonly figures: SystemFigures,
    private readonly snapshots: Snapshots,
    private readonly accounts: AccountDirectory,
    private readonly schemas: Schemas,
    private readonly mediaBuckets: MediaBuckets,
  ) {}

  /** The database's schemas: every company lives in one, `public` */
  @Get('db/schemas')
  @AdminRoute(1)
  @Endpoint({ page: ['schemas', SchemaListItemDto] })
  async listSchemas(@Query() query: SchemasQueryDto) {
    const listed = query.search === undefined || SHARED_SCHEMA.includes(query.search.toLowerCase());
    const items = listed && query.page === 1 ? [{ ...(await this.schemas.sys(SHARED_SCHEMA)), is_company: false }] : [];
    return new Page(items, listed ? 1 : 0, query);
  }

  /** A schema's figures */
  @Get('db/schemas/:schemaName/sys')
  @TextParams('schemaName')
  @AdminRoute(1)
  @Endpoint({ answer: SchemaSysDto })
  schema(@Param('schemaName') name: string) {
    return this.schemas.sys(name);
  }

  /** A schema's tables, biggest first (a bare array) */
  @Get('db/schemas/:schemaName/tables')
  @TextParams('schemaName')
  @AdminRoute(1)
  @Endpoint({ answer: [SchemaTableDto] })
  schemaTables(@Param('schemaName') name: string) {
    return this.schemas.tables(name);
  }

  /** Apply the pending migrations of the schema, under the start-up's lock */
  @Post('db/schemas/:schemaName/migrate')
  @TextParams('schemaName')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(5, { critical: true, action: 'db.schemas.migrate' })
  @Endpoint({ answer: AppliedMigrationsDto })
  migrateSchema(@Param('schemaName') name: string) {
    return this.schemas.migrate(name);
  }

  /** Apply every pending migration, under the start-up's lock */
  @Post('db/schemas/up')
  @HttpCode(HttpStatus.OK)
  @AdminRoute(5, { critical: true, action: 'db.schemas.up' })
  @Endpoint({ answer: AppliedMigrationsDto })
  up() {
    return this.schemas.up();
  }

  /** The database now: size, connections, cache hit ratio, transactions, the biggest tables */
  @Get('db/sys')
  @AdminRoute(1)
  @Endpoint({ answer: DbSysDto })
  database() {
    return this.figures.database();
  }

  /** This process and its host now: requests, runtime, snapshot workers, CPU, memory, descriptors, version */
  @Get('server/sys')
  @AdminRoute(1)
  @Endpoint({ answer: ServerSysDto })
  async server() {
    return { recorded_at: new Date(), ...(await this.figures.server(await this.snapshots.workers())) };
  }

  /** The object store now: buckets, objects, bytes */
  @Get('media/sys')
  @AdminRoute(1)
  @Endpoint({ answer: MediaSysDto })
  media() {
    return this.figures.media();
  }

  /** The store's buckets, one per company, newest first; `search` matches the bucket's name */
  @Get('media/buckets')
  @AdminRoute(1)
  @Endpoint({ page: ['buckets', BucketDto] })
  listBuckets(@Query() query: BucketsQueryDto) {
    return this.mediaBuckets.list(query);
  }

  /** A bucket's objects and bytes, by its name */
  @Get('media/buckets/:bucketId/sys')
  @TextParams('bucketId')
  @AdminRoute(1)
  @Endpoint({ answer: BucketDto })
  bucket(@BucketNameParam('bucketId') name: string) {
    return this.mediaBuckets.sys(name);
  }

  /** The database's snapshots, newest first, at most 500 points (a bare array) */
  @Get('db/history')
  @AdminRoute(1)
  @Endpoint({ answer: [DbPointDto] })
  databaseHistory(@Query() query: HistoryQueryDto) {
    return this.history('db', query);
  }

  /** The server's snapshots, newest first, at most 500 points (a bare array) */
  @Get('server/history')
  @AdminRoute(1)
  @Endpoint({ answer: [ServerPointDto] })
  serverHistory(@Query() query: HistoryQueryDto) {
    return this.history('server', query);
  }

  /** The store's snapshots, newest first, at most 500 points (a bare array) */
  @Get('media/history')
  @AdminRoute(1)
  @Endpoint({ answer: [MediaPointDto] })
  mediaHistory(@Query() query: HistoryQueryDto) {
    return this.history('media', query);
  }

  /** Accounts, companies, memberships, plan purchases and activity now, and sign-ups by day */
  @Get('clientele/stats')
  @AdminRoute(4)
  @Endpoint({ answer: ClienteleStatsDto })
  async clienteleStats() {
    const [figures, signups] = await Promise.all([this.figures.clientele(), this.accounts.signupsByDay(SIGNUP_DAYS)]);
    return { recorded_at: new Date(), ...figures, signups_by_day: signups };
  }

  /** The clientele's snapshots, newest first, at most 500 points (a bare array) */
  @Get('clientele/history')
  @AdminRoute(4)
  @Endpoint({ answer: [ClientelePointDto] })
  clienteleHistory(@Query() query: HistoryQueryDto) {
    return this.history('clientele', query);
  }

  private history(kind: SnapshotKind, query: HistoryQueryDto) {
    return this.snapshots.history(kind, {
      from: query.from ?? query.start_date,
      to: query.to ?? query.end_date,
      limit: query.limit,
    });
  }
}
