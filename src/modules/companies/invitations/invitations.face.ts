/**
 * What other modules may use of invitations (docs/architecture.md, "Module faces"): the account's
 * side (account/invitations) answers the invitations an account received through this service.
 */
export { AccountInvitationQueryDto } from './dto/account-invitation-query.dto';
export { InvitationAnswerDto, InvitationDto } from './dto/invitation.dto';
export { InvitationsModule } from './invitations.module';
export { InvitationsService } from './invitations.service';
