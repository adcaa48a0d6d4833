import type { Sql } from '../../database/sql';
import type { PermissionCode } from '../access/permission-codes';

/** A committed change as other systems hear of it (CONTRACT 19): what the route answered. */
export interface ChangeEvent {
  companyId: string;
  /** The change's audit key, e.g. `crm.clients.create`. */
  type: PermissionCode;
  requestId: string;
  /** The resource as the route answered it; `{id}` for a deletion. */
  data: Record<string, unknown>;
}

/**
 * Where the audit trail writes an event for each audited change, in the change's transaction:
 * a rolled-back change emits nothing, a committed one is never lost. Core declares it; the
 * webhooks module implements it (an outbox of deliveries to the company's matching webhooks).
 */
export abstract class EventOutbox {
  /**
   * Writes the event; `along`, another insert of the same change (its audit record), is run in
   * the same statement, so the pair costs one round trip.
   */
  abstract emit(event: ChangeEvent, along: Sql): Promise<void>;
}
