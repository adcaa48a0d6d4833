/**
 * What a search of bucket names (`prefix` followed by the company id) asks of the company id, so
 * the index of the ids' text serves it (migration CompanyIdsByText) where a match of the whole
 * name would read every company: the term within the id, or a tail of the prefix followed by the
 * id's start. `everyBucket`: the term lies within the prefix, which every name starts with.
 */
export interface BucketIdSearch {
  everyBucket: boolean;
  within: string;
  startingWith: string[];
}

/** `prefix` is lowercase, as bucket names are; the term matches in any case. */
export function bucketIdSearch(prefix: string, term: string): BucketIdSearch {
  const lower = term.toLowerCase();
  const startingWith: string[] = [];
  for (let start = 0; start < prefix.length; start++) {
    const tail = prefix.slice(start);
    if (lower.length > tail.length && lower.startsWith(tail)) startingWith.push(lower.slice(tail.length));
  }
  return { everyBucket: prefix.includes(lower), within: lower, startingWith };
}
