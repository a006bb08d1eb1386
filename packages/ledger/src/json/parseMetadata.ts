import type { FungibleMetadata, NftMetadata } from '../wire/Vault.ts'
import {
  METADATA_ATTRIBUTES_MAX,
  METADATA_ATTRIBUTE_BYTES_MAX,
  METADATA_DESCRIPTION_BYTES_MAX,
  METADATA_NAME_BYTES_MAX,
} from '../limits.ts'
import { LedgerLimitError } from '../errors/ledgerErrors.ts'
import { readObject, readString } from './readJson.ts'

export function parseFungibleMetadata(value: unknown, field: string): FungibleMetadata {
  const record = readObject(value, field, ['name', 'symbol'])
  return {
    name: readString(record.name, `${field}.name`, METADATA_NAME_BYTES_MAX),
    symbol: readString(record.symbol, `${field}.symbol`, METADATA_NAME_BYTES_MAX),
  }
}

export function parseNftMetadata(value: unknown, field: string): NftMetadata {
  const record = readObject(value, field, ['name', 'description'], ['attributes'])
  const metadata: NftMetadata = {
    name: readString(record.name, `${field}.name`, METADATA_NAME_BYTES_MAX),
    description: readString(record.description, `${field}.description`, METADATA_DESCRIPTION_BYTES_MAX),
  }
  if (record.attributes !== undefined && record.attributes !== null) {
    const attributes = readObject(record.attributes, `${field}.attributes`, [], Object.keys(record.attributes as object))
    const keys = Object.keys(attributes)
    if (keys.length > METADATA_ATTRIBUTES_MAX)
      throw new LedgerLimitError({ limit: `attributes of ${field}`, value: keys.length, max: METADATA_ATTRIBUTES_MAX })
    metadata.attributes = {}
    for (const key of keys) {
      readString(key, `${field}.attributes key`, METADATA_ATTRIBUTE_BYTES_MAX)
      metadata.attributes[key] = readString(attributes[key], `${field}.attributes.${key}`, METADATA_ATTRIBUTE_BYTES_MAX)
    }
  }
  return metadata
}
