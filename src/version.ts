/** The platform build this service implements (spec section 9). */
export const API_VERSION = '1.5.30';
export const API_PREFIX = 'api/v1';
