/**
 * A value read once per process, on first use, for reference data that only a deploy changes
 * (catalogs seeded by migrations). A failed read is not kept: the next use tries again. Data an
 * operator may change (the plans) is read again after `maxAgeMs`, so every instance follows
 * within that time; the instance that changed it forgets it at once.
 */
export class LoadedOnce<T> {
  private value?: Promise<T>;
  private loadedAt = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs = Infinity,
  ) {}

  get(): Promise<T> {
    if (this.value && Date.now() - this.loadedAt > this.maxAgeMs) this.value = undefined;
    if (!this.value) {
      this.loadedAt = Date.now();
      this.value = this.load().catch((error: unknown) => {
        this.value = undefined;
        throw error;
      });
    }
    return this.value;
  }

  forget(): void {
    this.value = undefined;
  }
}
