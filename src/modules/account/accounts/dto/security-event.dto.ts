import { ApiProperty } from '@nestjs/swagger';
import {
  SECURITY_EVENTS,
  SECURITY_OUTCOMES,
  type SecurityEventName,
  type SecurityOutcome,
} from '../../../../core/security/security-event.entity';

/** One security event of the account (CONTRACT 20). */
export class SecurityEventDto {
  id: string;
  @ApiProperty({ enum: SECURITY_EVENTS })
  event: SecurityEventName;
  /** `refused`: a limit turned the attempt away (a throttled sign-in). */
  @ApiProperty({ enum: SECURITY_OUTCOMES })
  outcome: SecurityOutcome;
  /** The client address; null when it was not one. */
  @ApiProperty({ type: 'string', nullable: true })
  ip: string | null;
  /** The client's User-Agent, its first 512 characters; null when none was sent. */
  @ApiProperty({ type: 'string', nullable: true })
  user_agent: string | null;
  created_at: Date;
}
