import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real small disk for the storage-fault tests (issue 34): a tmpfs of its own that a test fills up.
 * Mounting needs root; `mounted` is false elsewhere and the tests that need it are skipped.
 */
export interface SmallDisk {
  dir: string;
  mounted: boolean;
  /** writes a filler file until the disk refuses (ENOSPC) */
  fill(): void;
  /** removes the filler: the space is back */
  free(): void;
  /** unmounts (lazily if something still holds a file there) and removes the directory */
  remove(): void;
}

export function smallDisk(label: string, sizeMb = 24, when = true): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vg-${label}-`));
  const mounted = when && spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, `vg-${label}`, dir]).status === 0;
  const filler = path.join(dir, 'filler');
  return {
    dir,
    mounted,
    fill() {
      const fd = fs.openSync(filler, 'a');
      const block = Buffer.alloc(1 << 16, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    remove() {
      if (mounted && spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
