// Where Chancery is installed: the directory holding variants/ and templates/. Found by walking up from
// this module, because the module sits at different depths in the sources (src/core/) and in the
// bundled command (dist/, where every module shares one file).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findInstallDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'variants')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`Chancery's variants/ directory was not found above ${from}`);
  }
}

export const INSTALL_DIR = findInstallDir(dirname(fileURLToPath(import.meta.url)));
