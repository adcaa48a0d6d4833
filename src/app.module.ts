import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { Environment, validateEnvironment } from './config/environment';
import { loggerOptions, logSettings, processLogger } from './config/logger.options';
import { requestContextModule } from './config/request-context';
import { AuthGuard } from './core/auth/auth.guard';
import { AdminGuard } from './core/access/admin.guard';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter';
import { requestIdOf } from './core/http/request-id';
import { RouteHandlerGuard } from './core/http/route-handler.guard';
import { UndeclaredInputGuard } from './core/http/undeclared-input.guard';
import { WriteStagesModule } from './core/http/write-stages.module';
import { AppValidationPipe } from './core/http/validation';
import { SecretsModule } from './core/secrets/secrets.module';
import { StorageModule } from './core/storage/storage.module';
import { AttachmentsModule } from './core/attachments/attachments.module';
import { DatabaseModule } from './database/database.module';
import { databaseOptions } from './database/database.options';
import { DeclaredRows, MigrationsRunner } from './database/migrations-runner';
import { PermissionCatalogSync } from './core/access/permission-catalog-sync';
import { PERMISSIONS } from './vocabulary';
import { AccessModule } from './core/access/access.module';
import { CompanyGuard } from './core/access/company.guard';
import { IdempotencyGuard } from './core/idempotency/idempotency.guard';
import { IdempotencyModule } from './core/idempotency/idempotency.module';
import { LeaseModule } from './core/lease/lease.module';
import { ThrottlesModule } from './core/limits/throttles.module';
import { MailModule } from './core/mail/mail.module';
import { MetricsModule } from './core/metrics/metrics.module';
import { AccountsModule } from './modules/account/accounts/accounts.module';
import { AdminsModule } from './modules/account/admins/admins.module';
import { ApiKeysModule } from './modules/account/api-keys/api-keys.module';
import { AuthModule } from './modules/account/auth/auth.module';
import { CompaniesModule } from './modules/companies/companies/companies.module';
import { CounterpartiesModule } from './modules/companies/modules/cpm/counterparties.module';
import { CrmModule } from './modules/companies/modules/crm/crm.module';
import { DealsModule } from './modules/companies/modules/dm/deals.module';
import { GeneralModule } from './modules/companies/modules/general/general.module';
import { DocsModule } from './modules/companies/modules/docs/docs.module';
import { FinanceModule } from './modules/companies/modules/fm/finance.module';
import { FingerprintsModule } from './modules/account/fingerprints/fingerprints.module';
import { HealthModule } from './modules/platform/health/health.module';
import { HrmModule } from './modules/companies/modules/hrm/hrm.module';
import { AccountInvitationsModule } from './modules/account/invitations/account-invitations.module';
import { InvitationsModule } from './modules/companies/invitations/invitations.module';
import { LogsModule } from './modules/companies/modules/logs/logs.module';
import { MembersModule } from './modules/companies/members/members.module';
import { PermissionsModule } from './modules/platform/permissions/permissions.module';
import { PlansModule } from './modules/companies/plans/plans.module';
import { PricingModule } from './modules/companies/pricing/pricing.module';
import { PartnersModule } from './modules/platform/partners/partners.module';
import { AdminModule } from './modules/platform/admin/admin.module';
import { CurrenciesModule } from './modules/platform/currencies/currencies.module';
import { SupportModule } from './modules/companies/modules/support/support.module';
import { MediaModule } from './modules/companies/storage/media.module';
import { WarehouseModule } from './modules/companies/modules/wm/warehouse.module';
import { WebhooksModule } from './modules/companies/webhooks/webhooks.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, validate: validateEnvironment }),
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => loggerOptions(processLogger(logSettings(config))),
    }),
    requestContextModule({
      global: true,
      middleware: { mount: true, generateId: true, idGenerator: (req) => requestIdOf(req, req.res) },
      plugins: [
        new ClsPluginTransactional({
          imports: [TypeOrmModule],
          adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource }),
        }),
      ],
    }),
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        databaseOptions({
          url: config.getOrThrow('DATABASE_URL', { infer: true }),
          poolSize: config.get('DB_POOL_SIZE', { infer: true }),
        }),
    }),
    DatabaseModule,
    MetricsModule,
    SecretsModule,
    StorageModule,
    AttachmentsModule,
    AccessModule,
    IdempotencyModule,
    ThrottlesModule,
    WriteStagesModule,
    MailModule,
    LeaseModule,
    AuthModule,
    AccountsModule,
    ApiKeysModule,
    FingerprintsModule,
    AdminsModule,
    CompaniesModule,
    InvitationsModule,
    MembersModule,
    HrmModule,
    AccountInvitationsModule,
    CrmModule,
    DealsModule,
    GeneralModule,
    CounterpartiesModule,
    FinanceModule,
    WarehouseModule,
    SupportModule,
    MediaModule,
    DocsModule,
    LogsModule,
    HealthModule,
    PlansModule,
    PricingModule,
    PartnersModule,
    AdminModule,
    CurrenciesModule,
    PermissionsModule,
    WebhooksModule,
  ],
  providers: [
    MigrationsRunner,
    // The permission catalog follows the modules' declarations (src/vocabulary.ts) after the migrations.
    { provide: DeclaredRows, useValue: new PermissionCatalogSync(PERMISSIONS) },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_PIPE, useClass: AppValidationPipe },
    // Order matters: the route's handler is kept for the answer's envelope; then the guards check
    // credentials, a console route's administrator level, the Idempotency-Key, company access, and
    // a body sent where none is taken (CONTRACT 2, 18, 21). No global interceptor: the write verbs (core/http/verbs) bring theirs.
    { provide: APP_GUARD, useClass: RouteHandlerGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: AdminGuard },
    { provide: APP_GUARD, useClass: IdempotencyGuard },
    { provide: APP_GUARD, useClass: CompanyGuard },
    { provide: APP_GUARD, useClass: UndeclaredInputGuard },
  ],
})
export class AppModule {}
