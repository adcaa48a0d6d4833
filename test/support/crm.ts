/** The keys of a whole CRM source (spec section 2): the sources API and a client's GET one. */
export const SOURCE_KEYS = [
  'comment',
  'created_at',
  'id',
  'metadata',
  'name',
  'status',
  'system',
  'type',
  'updated_at',
  'url',
];
