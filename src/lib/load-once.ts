// Something loaded on demand (a chunk, a schema), loaded once and shared by every caller; a load
// that fails is forgotten, so the next call tries again (a dropped connection, a deploy meanwhile).

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
