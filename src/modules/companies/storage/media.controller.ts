import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { MediaFileQueryDto, MediaStatisticsDto } from './dto/media.dto';
import { DOWNLOAD_CONTENT } from './file-types';
import { MediaService } from './media.service';
import { Endpoint } from '../../../core/openapi/endpoint.decorator';

@ApiTags('Storage')
@Controller('companies/:id/storage/media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  /** Statistics of the company's bucket: its name, creation date, size and object count */
  @Get()
  @Endpoint({ permission: 'storage.media', answer: MediaStatisticsDto })
  getMediaStatistics(@CurrentCompany() company: CompanyAccess) {
    return this.media.statistics(company);
  }

  @Get('file')
  @Endpoint({
    permission: 'storage.media',
    summary: "Download one of the company's files by its path (the body is the file, not the envelope)",
    description:
      'Streams with Content-Type, Content-Length and an attachment Content-Disposition; one `Range: bytes=` range gives 206.',
  })
  @ApiResponse({
    status: 200,
    description: 'The file, with the content type it was stored with',
    content: DOWNLOAD_CONTENT,
  })
  @ApiResponse({ status: 206, description: 'The requested byte range of the file', content: DOWNLOAD_CONTENT })
  download(
    @CurrentCompany() company: CompanyAccess,
    @Query() query: MediaFileQueryDto,
    @Headers('range') range: string | undefined,
    @Res() res: Response,
  ) {
    return this.media.download(company, query.path, range, res);
  }
}
