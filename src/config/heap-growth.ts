import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full collection kept, in percent. Left to
 * itself under sustained load it lets the heap grow about fourfold (some 60 MiB live, 250 MiB
 * of heap), so RSS doubles within seconds of load and stays there. At 50% RSS stays within 1.3x
 * of its size at start (`npm run bench:baseline`, memory line), for no CPU the benchmark can
 * tell apart. Node takes this V8 flag on its command line only, not from NODE_OPTIONS, so it is
 * set here, before the application loads, whichever way the service is started.
 */
export const HEAP_GROWING_PERCENT = 50;

setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
