/**
 * An input value after schema checking: sets become `Set`s (deduplicated) so membership is O(1);
 * ints are bigints. A record of these has a null prototype, so field names like `__proto__` or
 * `constructor` are plain keys; an absent optional field is `undefined`.
 */
export type NormalizedValue = string | bigint | boolean | ReadonlySet<string | bigint>

export type NormalizedRecord = Readonly<Record<string, NormalizedValue | undefined>>
