import { Injectable } from '@nestjs/common';
import { RegisteredRelation } from '../../../database/registered-relation';

/**
 * Where sessions read the lifetime of the fingerprint they were opened with: a relation (id,
 * expires_at, deactivated_at) its owner registers at start-up. The fingerprints module registers
 * its fingerprint_lifetimes view; it imports accounts, so accounts does not import its face.
 */
@Injectable()
export class SessionFingerprints extends RegisteredRelation {
  constructor() {
    super('No module registers the fingerprints sessions live by');
  }
}
