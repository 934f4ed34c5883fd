/**
 * KV writes a test makes on purpose, undone afterwards: the first write of each key remembers what
 * was there (or that nothing was), `restore()` puts it back. Tests that change seeded state use it
 * with afterEach, so no test depends on running before or after another.
 *
 * @example
 * const kv = restoringKv(env.REDIRECTS);
 * afterEach(() => kv.restore());
 * await kv.put("redirect-index:first-segments", '["gone"]');
 */
export function restoringKv(kv: KVNamespace) {
  const saved = new Map<string, string | null>();
  return {
    async put(key: string, value: string): Promise<void> {
      if (!saved.has(key)) saved.set(key, await kv.get(key));
      await kv.put(key, value);
    },
    async restore(): Promise<void> {
      for (const [key, value] of saved) {
        if (value === null) await kv.delete(key);
        else await kv.put(key, value);
      }
      saved.clear();
    },
  };
}
