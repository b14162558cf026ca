// The reference material lives beside the checkout (../shared), wherever the checkout is.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** A path inside ../shared, e.g. sharedPath('reference/datc/godip'). */
export const sharedPath = (relative: string): string => join(SHARED_DIR, relative);
