import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ChangeEvent } from '../../../core/audit/event-outbox';
import { EventOutbox } from '../../../core/audit/event-outbox';
import { claimDueRows } from '../../../core/outbox/due-rows';
import { listPage, Where } from '../../../core/pagination/list';
import { Page } from '../../../core/pagination/page';
import { PageQueryDto } from '../../../core/pagination/page-query.dto';
import { Db } from '../../../database/db';
import { raw, Sql, sql } from '../../../database/sql';
import { Row, Table } from '../../../database/table';
import type { DeliveryDto, WebhookDto } from './dto/webhook.dto';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEntity } from './webhook.entity';
import { CompanyTableRows } from '../../../core/records/company-table-rows';

const webhooks = new Table(WebhookEntity);
const deliveries = new Table(WebhookDeliveryEntity);
const DELIVERY_COLUMNS = { except: ['webhook_id', 'company_id'] } as const;
const DELIVERY = `${deliveries.answer('d', DELIVERY_COLUMNS)}, e.type AS event_type`;

/** A delivery claimed by a worker: where it goes, how it is signed, what it carries. */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  attempts: number;
  url: string;
  /** Sealed (SecretBox): opened only to sign. */
  secrets: string[];
  payload: Record<string, unknown>;
}

/** Webhooks, their outbox (events and deliveries) and the workers' claims (CONTRACT 19). */
@Injectable()
export class WebhooksRepository extends CompanyTableRows<WebhookEntity, WebhookDto> implements EventOutbox {
  constructor(db: Db) {
    super(db, webhooks);
  }

  list(companyId: string, query: PageQueryDto): Promise<Page<WebhookDto>> {
    return this.page('w', new Where(sql`w.company_id = ${companyId}`), 'w.created_at DESC, w.id DESC', query);
  }

  async update(companyId: string, id: string, changes: Partial<Row<WebhookEntity>>): Promise<WebhookDto | null> {
    const set = webhooks.assignments(changes, ['url', 'events', 'description', 'active']);
    if (!set) return this.findOne(companyId, id);
    // Turned on again: its failures start over, so it is not switched off at the next one.
    return this.db.one<WebhookDto>(
      sql`UPDATE webhooks SET ${set}, updated_at = now(),
            failing_since = CASE WHEN active THEN failing_since END
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${this.returned}`,
    );
  }

  async remove(companyId: string, id: string): Promise<boolean> {
    return (await this.db.affected(sql`DELETE FROM webhooks WHERE id = ${id} AND company_id = ${companyId}`)) === 1;
  }

  /** A new secret; the one it replaces keeps signing beside it for 24 hours. */
  async rotateSecret(companyId: string, id: string, secret: string): Promise<WebhookDto | null> {
    return this.db.one<WebhookDto>(
      sql`UPDATE webhooks SET previous_secret = secret, previous_secret_until = now() + interval '24 hours',
            secret = ${secret}, updated_at = now()
          WHERE id = ${id} AND company_id = ${companyId} RETURNING ${this.returned}`,
    );
  }

  /**
   * The outbox (EventOutbox): in the change's transaction, one event and one pending delivery per
   * active webhook of the company that subscribed to its type. Nothing when none did; `along`
   * runs either way.
   */
  async emit(event: ChangeEvent, along: Sql): Promise<void> {
    const id = randomUUID();
    const payload = {
      id,
      type: event.type,
      company_id: event.companyId,
      created_at: new Date().toISOString(),
      request_id: event.requestId,
      data: event.data,
    };
    await this.db.affected(sql`
      WITH along AS (${along}), hooks AS (
        SELECT id, company_id FROM webhooks
        WHERE company_id = ${event.companyId} AND active AND events && ARRAY[${event.type}, '*']::text[]
      ), event AS (
        INSERT INTO webhook_events (id, company_id, type, payload)
        SELECT ${id}, ${event.companyId}, ${event.type}, ${JSON.stringify(payload)}::jsonb
        WHERE EXISTS (SELECT 1 FROM hooks)
        RETURNING id
      )
      INSERT INTO webhook_deliveries (webhook_id, company_id, event_id)
      SELECT hooks.id, hooks.company_id, event.id FROM hooks, event`);
  }

  listDeliveries(webhookId: string, query: PageQueryDto): Promise<Page<DeliveryDto>> {
    return listPage(
      this.db,
      {
        from: 'webhook_deliveries d',
        where: new Where(sql`d.webhook_id = ${webhookId}`),
        orderBy: 'd.created_at DESC, d.id DESC',
        key: ['d.id'],
        select: DELIVERY,
        join: 'JOIN webhook_events e ON e.id = d.event_id',
      },
      query,
    );
  }

  /** Queues the delivery again at once; its attempts count on. */
  retryDelivery(webhookId: string, deliveryId: string): Promise<DeliveryDto | null> {
    return this.db.one<DeliveryDto>(sql`
      WITH queued AS (
        UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), delivered_at = NULL
        WHERE id = ${deliveryId} AND webhook_id = ${webhookId} RETURNING *
      )
      SELECT ${raw(DELIVERY)} FROM queued d JOIN webhook_events e ON e.id = d.event_id`);
  }

  /**
   * Claims up to `limit` due deliveries of active webhooks with core/outbox's claimDueRows (so
   * instances never take the same one), counting the attempt and pushing
   * the next one past the lease: a worker that dies mid-delivery leaves the row due again once
   * the lease is over.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const claimed = await claimDueRows<{ id: string; attempts: number }>(
      this.db,
      'webhook_deliveries',
      limit,
      leaseSeconds,
      sql`status = 'pending' AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = webhook_id AND w.active)`,
    );
    if (claimed.length === 0) return [];
    // What each claimed delivery needs; one whose webhook was deleted since is gone with it.
    return this.db.rows<ClaimedDelivery>(sql`
      SELECT d.id, d.webhook_id, d.attempts, w.url, e.payload,
        array_remove(ARRAY[w.secret, CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END], NULL)
          AS secrets
      FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id
      WHERE d.id = ANY(${claimed.map((row) => row.id)}::uuid[])`);
  }

  async delivered(delivery: ClaimedDelivery, statusCode: number): Promise<void> {
    await this.db.affected(sql`
      WITH done AS (
        UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), next_attempt_at = NULL,
          last_status_code = ${statusCode}, last_error = NULL
        WHERE id = ${delivery.id}
      )
      UPDATE webhooks SET failing_since = NULL WHERE id = ${delivery.webhook_id} AND failing_since IS NOT NULL`);
  }

  /**
   * A failed attempt: the next one after `retryInSeconds`, or failed for good when none remains.
   * A webhook failing for `deactivateAfterDays` without a success is switched off.
   */
  async attemptFailed(
    delivery: ClaimedDelivery,
    statusCode: number | null,
    error: string,
    retryInSeconds: number | null,
    deactivateAfterDays: number,
  ): Promise<void> {
    await this.db.affected(sql`
      WITH failed AS (
        UPDATE webhook_deliveries
        SET status = ${retryInSeconds === null ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(secs => ${retryInSeconds}::float8),
            last_status_code = ${statusCode}, last_error = ${error.slice(0, 500)}
        WHERE id = ${delivery.id}
      )
      UPDATE webhooks
      SET failing_since = coalesce(failing_since, now()),
          active = active AND coalesce(failing_since, now()) > now() - make_interval(days => ${deactivateAfterDays})
      WHERE id = ${delivery.webhook_id}`);
  }

  /**
   * Deletes up to `limit` events older than `days` that no longer wait for any delivery (their
   * deliveries go with them): the deliveries list keeps a month of history.
   */
  forgetOldEvents(days: number, limit: number): Promise<number> {
    return this.db.affected(sql`
      DELETE FROM webhook_events WHERE id IN (
        SELECT e.id FROM webhook_events e
        WHERE e.created_at < now() - make_interval(days => ${days})
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
        LIMIT ${limit})`);
  }

  /** Seconds since the oldest pending delivery was written (0 when none is pending). */
  async oldestPendingAge(): Promise<number> {
    const row = await this.db.one<{ age: number | null }>(sql`
      SELECT extract(epoch FROM now() - min(created_at))::float8 AS age
      FROM webhook_deliveries WHERE status = 'pending'`);
    return row?.age ?? 0;
  }
}
