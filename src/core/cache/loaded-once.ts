/**
 * A value read once per process, on first use, for reference data that only a deploy changes
 * (catalogs seeded by migrations). A failed read is not kept: the next use tries again.
 */
export class LoadedOnce<T> {
  private value?: Promise<T>;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.value ??= this.load().catch((error: unknown) => {
      this.value = undefined;
      throw error;
    });
    return this.value;
  }
}
