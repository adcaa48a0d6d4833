import { Controller, Get, Headers, HttpStatus, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CompanyAccess, CurrentCompany } from '../../../core/access/company-access';
import { PreparesFirst } from '../../../core/audit/staged-write';
import { Delete, Post } from '../../../core/http/verbs';
import {
  DeletedFileDto,
  MediaFileQueryDto,
  MediaStatisticsDto,
  PresignedUrlDto,
  PresignedUrlQueryDto,
  UploadedFileDto,
  UploadFormDto,
} from './dto/media.dto';
import { DEFAULT_LINK_SECONDS, linkSeconds } from './link-expiry';
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

  @Post('upload')
  @Endpoint({
    permission: 'storage.media.upload',
    summary: "Upload a file into the company's storage (multipart/form-data: `file`, optional `tag` before it)",
    description:
      'Streams to the object store. Room is reserved from the declared length first: over the plan is ' +
      '`limit_exceeded` (409), over `UPLOAD_MAX_MB` 413, with nothing stored or counted. `content_type` is sniffed ' +
      'from the bytes. A repeat with the same `Idempotency-Key` must send the same bytes (boundary included): ' +
      'the key covers the SHA-256 of the raw multipart body.',
    answer: UploadedFileDto,
    status: HttpStatus.CREATED,
    errors: {
      limit_exceeded: "the file would take the company past its plan's limit_objects_mb or limit_objects_count",
      payload_too_large: 'the file is larger than UPLOAD_MAX_MB',
      service_unavailable: 'the object store is down (Retry-After)',
    },
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFormDto })
  @PreparesFirst()
  upload(@CurrentCompany() company: CompanyAccess, @Req() req: Request) {
    return this.media.upload(company, req);
  }

  /** Delete one of the company's files; a generated document's file is deleted with its document (409) */
  @Delete('file')
  @Endpoint({
    permission: 'storage.media.upload',
    answer: DeletedFileDto,
    errors: { conflict: "the file is a generated document's: delete the document" },
  })
  @PreparesFirst()
  deleteFile(@CurrentCompany() company: CompanyAccess, @Query() query: MediaFileQueryDto) {
    return this.media.deleteFile(company, query.path);
  }

  /** A direct link to one of the company's files that works without a credential until it expires */
  @Get('presigned-url')
  @Endpoint({ permission: 'storage.media', answer: PresignedUrlDto })
  presignedUrl(@CurrentCompany() company: CompanyAccess, @Query() query: PresignedUrlQueryDto) {
    const seconds = query.expiry === undefined ? DEFAULT_LINK_SECONDS : linkSeconds(query.expiry)!;
    return this.media.presignedUrl(company, query.path, seconds);
  }
}
