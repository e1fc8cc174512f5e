-- The pass that rewards inviters for friends whose valid turnover met the rule (promo/invite.ts)
-- reads a site's invited members: only those, few beside the members who came without an inviter.
CREATE INDEX members_invitees ON members (site_id) WHERE invited_by IS NOT NULL;
