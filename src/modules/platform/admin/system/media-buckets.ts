import { Injectable, Param, PipeTransform } from '@nestjs/common';
import { AppException } from '../../../../core/http/app.exception';
import { Page } from '../../../../core/pagination/page';
import { StorageService } from '../../../../core/storage/storage.service';
import { CompanyDirectory, type CompanyStore } from '../../../companies/companies/companies.face';
import type { BucketDto, BucketsQueryDto } from './dto/system.dto';
import { SystemFigures } from './system-figures';

const MB = 1_048_576;
/** S3's bucket names: 3 to 63 lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** A path parameter that must be a bucket name by S3's rules (anything else is 400 validation_failed). */
export const BucketNameParam = (name: string) =>
  Param(name, {
    transform(value: string) {
      if (!BUCKET_NAME.test(value)) {
        throw AppException.validation([
          { field: name, message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' },
        ]);
      }
      return value;
    },
  } satisfies PipeTransform<string, string>);

/**
 * The console's buckets (CONTRACT 21): one per live company, described by the counters each
 * company keeps, so neither the list nor a bucket's figures list the store.
 */
@Injectable()
export class MediaBuckets {
  constructor(
    private readonly companies: CompanyDirectory,
    private readonly storage: StorageService,
    private readonly figures: SystemFigures,
  ) {}

  async list(query: BucketsQueryDto): Promise<Page<BucketDto>> {
    const search =
      query.search === undefined ? undefined : { prefix: this.storage.companyBucketPrefix, term: query.search };
    const stores = await this.companies.stores(query, search, this.figures.keptTotal('companies'));
    return new Page(
      stores.itemObjects().map((store) => this.bucket(store)),
      stores.total,
      stores.query,
      stores.totalExact,
    );
  }

  /** The bucket named `name`: 404 when it is no live company's. */
  async sys(name: string): Promise<BucketDto> {
    const companyId = this.storage.companyOfBucket(name);
    const store = companyId === null ? null : await this.companies.store(companyId);
    if (!store) throw AppException.notFound('Bucket');
    return this.bucket(store);
  }

  private bucket(store: CompanyStore): BucketDto {
    return {
      name: this.storage.bucketOf(store.company_id),
      creation_date: store.created_at,
      objects_count: store.objects_count,
      size_mb: store.objects_bytes / MB,
      is_public: false,
      is_temp: false,
      is_tenant: true,
      tenant_id: store.company_id,
      size_bytes: store.objects_bytes,
      company_name: store.company_name,
    };
  }
}
