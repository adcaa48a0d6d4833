import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Rfc3339Time } from '../../../../../core/http/validators';
import { PageQueryDto } from '../../../../../core/pagination/page-query.dto';

export class ListAdminLogsQueryDto extends PageQueryDto {
  /** The administrator who made the change. */
  @IsOptional()
  @IsUUID()
  admin_id?: string;

  /** The change's action, e.g. `accounts.promote_admin`. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  key?: string;

  /** Records created at or after this time. */
  @IsOptional()
  @Rfc3339Time()
  from?: string;

  /** Records created at or before this time. */
  @IsOptional()
  @Rfc3339Time()
  to?: string;
}

/** One change made through the console. */
export class AdminLogDto {
  id: string;
  admin_id: string;
  key: string;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** Method, path, the path's ids, the fields sent (secrets blanked) and `result_id`. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  metadata: Record<string, unknown>;
  created_at: Date;
}
