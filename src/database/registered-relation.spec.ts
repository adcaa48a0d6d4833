import { RegisteredRelation } from './registered-relation';

class Lifetimes extends RegisteredRelation {
  constructor() {
    super('No module registers the lifetimes');
  }
}

describe('RegisteredRelation', () => {
  it('names the relation its owner registered', () => {
    const lifetimes = new Lifetimes();
    lifetimes.readFrom('fingerprint_lifetimes');
    expect(lifetimes.relation).toBe('fingerprint_lifetimes');
  });

  it('refuses to be read before a module registers', () => {
    expect(() => new Lifetimes().relation).toThrow('No module registers the lifetimes');
  });
});
