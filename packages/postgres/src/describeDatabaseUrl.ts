/** The URL without its password, for messages and logs. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password !== '') url.password = '***'
    return url.toString()
  } catch {
    return '(unparsable database URL)'
  }
}
