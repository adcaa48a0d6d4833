import { MemberGrants } from './member-grants';

describe('MemberGrants', () => {
  it('names the relation its owner registered', () => {
    const grants = new MemberGrants();
    grants.readFrom('hrm_member_permissions');
    expect(grants.relation).toBe('hrm_member_permissions');
  });

  it('refuses to be read before a module registers (a standing without grants would deny members)', () => {
    expect(() => new MemberGrants().relation).toThrow('No module registers the codes a member is granted');
  });
});
