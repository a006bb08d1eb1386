import type { Command } from '../Command.ts'
import { upCommand } from './up.ts'

/** Every `verity` command, in the order `verity --help` lists them. */
export const commands: readonly Command[] = [upCommand]
