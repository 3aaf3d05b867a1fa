import path from 'node:path';

/**
 * Where the embedded database keeps its folder when PGLITE_DATA_DIR is unset; the uploads and
 * the Content Lake's last good answers sit beside it. A constant of its own, so that reading it
 * (the proxy's bundle does, through the content reads) loads no database code.
 */
export const DEFAULT_PGLITE_DATA_DIR = path.join('.data', 'pglite');
