import type { HttpEdgeOptions } from '@verity/server'
import { httpStatusByCode } from './httpStatusByCode.ts'

/**
 * The extractor's HTTP edge: `{message, code}` bodies (docs/extractor.md), statuses from its table;
 * a VerityError it does not list is a bug (500), since every failure it means to answer is listed.
 */
export const extractorEdge: HttpEdgeOptions = Object.freeze({ statusByCode: httpStatusByCode, unlistedStatus: 500 })
