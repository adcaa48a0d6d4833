import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { TrimmedName } from '../http/validators';

/** A person's first and last names, as a CRM client and an employee card are created with. */
export class PersonNameDto {
  @TrimmedName(100)
  @ApiProperty({ example: 'Anna' })
  first_name: string;

  @IsOptional()
  @TrimmedName(100)
  @ApiProperty({ example: 'Petrova' })
  last_name?: string | null;
}
