// A small filesystem of the suite's own (a tmpfs of a few MiB, mounted as root) that can be
// filled to the last byte with a filler file and given its space back by deleting it: a full
// disk without touching the machine's disks.
import { execFile } from 'node:child_process'
import { closeSync, mkdirSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
/** Bytes written per step while filling. */
const FILL_CHUNK_BYTES = 64 * 1_024
/** Longest a mount or umount may take, in milliseconds. */
const MOUNT_COMMAND_TIMEOUT_MS = 10_000
/** statfs's type of a tmpfs (TMPFS_MAGIC in linux/magic.h). */
const TMPFS_MAGIC = 0x01021994

export class SmallFilesystemUnavailableError extends Error {
  override readonly name = 'SmallFilesystemUnavailableError'
  constructor(readonly reason: string) {
    super(`cannot mount a small filesystem here (needs root and tmpfs): ${reason}`)
  }
}

export class SmallFilesystem {
  readonly #fillerPath: string
  private constructor(readonly mountPoint: string, readonly sizeBytes: number) {
    this.#fillerPath = join(mountPoint, 'filler')
  }

  static async mount(mountPoint: string, sizeBytes: number): Promise<SmallFilesystem> {
    mkdirSync(mountPoint, { recursive: true })
    try {
      await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', mountPoint], { timeout: MOUNT_COMMAND_TIMEOUT_MS })
    } catch (error) {
      throw new SmallFilesystemUnavailableError(((error as { stderr?: string }).stderr || (error as Error).message).trim())
    }
    // Filling writes until the disk is full: it must be this small tmpfs, never the disk under it.
    const stats = statfsSync(mountPoint)
    const totalBytes = stats.blocks * stats.bsize
    if (stats.type !== TMPFS_MAGIC || totalBytes > sizeBytes) {
      await run('umount', ['-l', mountPoint], { timeout: MOUNT_COMMAND_TIMEOUT_MS }).catch(() => undefined)
      throw new SmallFilesystemUnavailableError(`${mountPoint} is not a tmpfs of ${sizeBytes} bytes after mount (type 0x${stats.type.toString(16)}, ${totalBytes} bytes)`)
    }
    return new SmallFilesystem(mountPoint, sizeBytes)
  }

  /** Writes the filler file until the filesystem is full (ENOSPC); returns the bytes written. */
  fill(): number {
    const fd = openSync(this.#fillerPath, 'a')
    const chunk = Buffer.alloc(FILL_CHUNK_BYTES, 0x5a)
    let written = 0
    try {
      for (;;) {
        // Bounded: more than the filesystem holds means the writes go somewhere else.
        if (written > this.sizeBytes) throw new Error(`wrote ${written} bytes to ${this.#fillerPath} without filling a filesystem of ${this.sizeBytes} bytes`)
        try {
          written += writeSync(fd, chunk, 0, chunk.length)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break
          throw error
        }
      }
      // Fill the last partial chunk too, byte by byte in smaller steps.
      for (let size = FILL_CHUNK_BYTES / 2; size >= 1; size = Math.floor(size / 2)) {
        try {
          written += writeSync(fd, chunk, 0, size)
        } catch {
          // this size no longer fits: try a smaller one
        }
      }
    } finally {
      closeSync(fd)
    }
    return written
  }

  /** Deletes the filler file: the space is back. */
  free(): void {
    rmSync(this.#fillerPath, { force: true })
  }

  async unmount(): Promise<void> {
    await run('umount', ['-l', this.mountPoint], { timeout: MOUNT_COMMAND_TIMEOUT_MS }).catch(() => undefined)
  }
}
