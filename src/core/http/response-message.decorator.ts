import { SetMetadata } from '@nestjs/common';

export const RESPONSE_MESSAGE = 'response_message';

/** The envelope's `message` for a route's success answer (default: "OK" / "Created"). */
export const ResponseMessage = (message: string) => SetMetadata(RESPONSE_MESSAGE, message);
