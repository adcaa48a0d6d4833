/**
 * A relation (a table or a view) that its owner registers at start-up, read by a module that may
 * not import the owner's face (the owner imports it). Reading it before the owner registered is
 * a wiring error, named by `unregistered`.
 */
export abstract class RegisteredRelation {
  private registered?: string;

  protected constructor(private readonly unregistered: string) {}

  readFrom(relation: string): void {
    this.registered = relation;
  }

  get relation(): string {
    if (this.registered === undefined) throw new Error(this.unregistered);
    return this.registered;
  }
}
