// Member use-cases: joining a network (pending first when member moderation is on), editing
// one's own profile, moderation by administrators (approve, block, remove) and the Network
// Creator making administrators. Each change is one transaction with the events it causes.
import type { Actor, Ctx, SignedInActor } from '../../http/endpoint';
import type { Tx } from '../../db/database';
import type { Member, MemberTable } from '../../db/schema';
import { forgetActivityAbout, recordActivity } from '../activity/store';
import { ApiError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isOwner } from '../../lib/viewer';
import type { UpdateInput } from './schema';
import { renderIcon } from '../photos/renditions';
import { announce, committed } from '../../lib/changes';
import { recordAudit, type AuditAction } from '../audit/store';
import {
  addMember,
  createAccount,
  deleteMember,
  findAccountByEmail,
  findVisibleMemberRow,
  membership,
  sortNameOf,
  updateAccount,
  saveIcon,
  updateMember,
} from './store';

/**
 * Joins the caller to the network: a new account, or an existing one whose password the caller
 * knows (checked like a sign-in, failures throttled). The slow password work is done before
 * the transaction, which so holds no lock while it runs; an account created meanwhile by
 * another request makes the insert a 409, not a second account.
 */
export async function joinNetwork(ctx: Ctx, input: { email: string; password: string; fullName: string }) {
  const state = ctx.network.user_moderation ? 'pending' : 'active';
  const join = async (tx: Tx, accountId: number) => {
    const memberId = await addMember(tx, ctx.network.id, accountId, 'member', state, ctx.now);
    announce(tx, { networkId: ctx.network.id, kind: 'Member', id: memberId, op: 'created', authorId: accountId });
    // A pending member has not joined yet: the event is written when an administrator approves.
    if (state === 'active') await recordJoin(tx, ctx, accountId);
    return { accountId, memberId };
  };
  const existing = await findAccountByEmail(ctx.db, input.email);
  if (!existing) {
    const passwordHash = await hashPassword(input.password);
    return committed(ctx, async (tx) => join(tx, (await createAccount(tx, { ...input, passwordHash }, ctx.now)).id));
  }
  const address = ctx.req.ip ?? 'unknown';
  await ctx.signIns.check(input.email, address);
  if (!(await verifyPassword(input.password, existing.password_hash))) {
    await ctx.signIns.failed(input.email, address);
    throw new ApiError('duplicate', 'An account with this email already exists: sign in instead.');
  }
  return committed(ctx, async (tx) => {
    const current = await membership(tx, ctx.network.id, existing.id);
    if (current?.state === 'blocked') throw new ApiError('blocked', 'This member is blocked on this network.');
    if (current) throw new ApiError('duplicate', 'You are already a member of this network.');
    return join(tx, existing.id);
  });
}

const recordJoin = (tx: Tx, ctx: Actor, accountId: number) =>
  recordActivity(tx, { networkId: ctx.network.id, authorId: accountId, type: 'JoinNetwork', now: ctx.now });

/** The caller's own membership, pending and blocked ones included. */
export async function ownMembership(ctx: Actor): Promise<Member> {
  if (ctx.viewer.accountId === null) throw new ApiError('missingCredentials', 'Sign in or sign the request with OAuth to do this.');
  const own = await membership(ctx.db, ctx.network.id, ctx.viewer.accountId);
  if (!own) throw new ApiError('notAllowed', 'You are not a member of this network.');
  return own;
}

/**
 * A member the caller may act on: 404 when it does not exist or the caller may not see it
 * (pending and blocked members are the administrators' business).
 */
async function targetMember(ctx: SignedInActor, memberId: number | undefined): Promise<Member> {
  if (memberId === undefined) return ownMembership(ctx);
  const member = await findVisibleMemberRow(ctx.db, ctx, memberId);
  if (!member) throw new ApiError('noSuchItem');
  return member;
}

/**
 * Administrators moderate members (the rows of PUT User let nobody else send `approved` or
 * `isBlocked`); only the Network Creator moderates administrators, and nobody the Creator.
 */
function checkMayModerate(ctx: Actor, member: Member) {
  if (member.role === 'owner') throw new ApiError('notAllowed', 'Nobody may moderate the Network Creator.');
  if (member.role === 'admin' && !isOwner(ctx.viewer)) throw new ApiError('notAllowed', 'Only the Network Creator may moderate administrators.');
}

export async function changeMember(ctx: SignedInActor, memberId: number | undefined, input: UpdateInput): Promise<void> {
  const member = await targetMember(ctx, memberId);
  const { id: _target, approved, isBlocked, isAdmin: makeAdmin, ...profile } = input;
  const changesProfile = Object.values(profile).some((v) => v !== undefined);
  if (changesProfile && member.account_id !== ctx.viewer.accountId) throw new ApiError('notAllowed', 'Only the member may change their profile.');
  if (approved !== undefined || isBlocked !== undefined) checkMayModerate(ctx, member);

  const patch = nextMembership(member, { approved, isBlocked, makeAdmin });
  const statusChanged = profile.statusMessage !== undefined && profile.statusMessage !== member.status_message;
  await committed(ctx, async (tx) => {
    announce(tx, { networkId: ctx.network.id, kind: 'Member', id: member.id, op: 'updated', authorId: member.account_id });
    const account = {
      ...(profile.fullName !== undefined && { full_name: profile.fullName, sort_name: sortNameOf(profile.fullName) }),
      ...(profile.location !== undefined && { location: profile.location }),
      ...(profile.birthdate !== undefined && { birthdate: profile.birthdate }),
      ...(profile.gender !== undefined && { gender: profile.gender }),
      ...(profile.iconUrl !== undefined && { icon_url: profile.iconUrl }),
    };
    if (Object.keys(account).length) await updateAccount(tx, member.account_id, { ...account, updated_at: ctx.now });
    const updated = await updateMember(tx, member, {
      ...patch,
      ...(profile.statusMessage !== undefined && { status_message: profile.statusMessage }),
      ...(profile.profileQuestions !== undefined && { profile_questions: profile.profileQuestions && JSON.stringify(profile.profileQuestions) }),
      updated_at: ctx.now,
    });
    // Two moderators acting at once: the second sees a changed member, not a double approval.
    if (!updated) throw new ApiError('stateConflict', 'This member was changed meanwhile; read it again.');
    if (patch.state === 'active' && member.state === 'pending') await recordJoin(tx, ctx, member.account_id);
    for (const action of moderationActs(member, patch)) {
      await recordAudit(tx, ctx, { action, type: 'User', id: member.id, title: await fullNameOf(tx, member.account_id) });
    }
    if (statusChanged && profile.statusMessage) {
      await recordActivity(tx, {
        networkId: ctx.network.id,
        authorId: member.account_id,
        type: 'StatusUpdate',
        description: profile.statusMessage,
        now: ctx.now,
      });
    }
  });
}

/** The acts of moderation a change of membership is, for the audit log. */
function moderationActs(member: Member, next: Partial<Pick<MemberTable, 'state' | 'role'>>): AuditAction[] {
  const acts: AuditAction[] = [];
  if (next.state !== member.state) {
    if (member.state === 'pending') acts.push('approve');
    else if (next.state === 'blocked') acts.push('block');
    else if (member.state === 'blocked') acts.push('unblock');
  }
  if (next.role !== member.role && next.state !== 'blocked') acts.push(next.role === 'admin' ? 'promote' : 'demote');
  return acts;
}

async function fullNameOf(tx: Tx, accountId: number): Promise<string> {
  return (await tx.selectFrom('accounts').select('full_name').where('id', '=', accountId).executeTakeFirstOrThrow()).full_name;
}

/**
 * The membership after moderation. pending --approved--> active; active <--isBlocked--> blocked
 * (blocking also takes away the administrator role); active members become or stop being
 * administrators. Anything else is a state conflict.
 */
function nextMembership(
  member: Member,
  change: { approved?: boolean; isBlocked?: boolean; makeAdmin?: boolean },
): Partial<Pick<MemberTable, 'state' | 'role'>> {
  let { state, role } = member;
  if (change.approved === true && state === 'pending') state = 'active';
  if (change.approved === false && state !== 'pending') {
    throw new ApiError('stateConflict', 'This member is already approved: block or remove them instead.');
  }
  if (change.isBlocked !== undefined && state === 'pending') {
    throw new ApiError('stateConflict', 'This member awaits approval: approve or reject them first.');
  }
  if (change.isBlocked === true) [state, role] = ['blocked', role === 'admin' ? 'member' : role];
  if (change.isBlocked === false && state === 'blocked') state = 'active';
  if (change.makeAdmin !== undefined) {
    if (role === 'owner') throw new ApiError('notAllowed', 'The Network Creator is always an administrator.');
    if (state !== 'active') throw new ApiError('stateConflict', 'Only active members can be administrators.');
    role = change.makeAdmin ? 'admin' : 'member';
  }
  return { state, role };
}

/**
 * Rejects a pending member or removes a member: the membership and the events about it go;
 * what they wrote stays, still theirs, and they may join again (block them to keep them out).
 */
export async function removeMember(ctx: SignedInActor, memberId: number): Promise<void> {
  const member = await targetMember(ctx, memberId);
  checkMayModerate(ctx, member);
  await committed(ctx, async (tx) => {
    announce(tx, { networkId: ctx.network.id, kind: 'Member', id: member.id, op: 'deleted', authorId: member.account_id });
    const title = await fullNameOf(tx, member.account_id);
    await recordAudit(tx, ctx, { action: member.state === 'pending' ? 'reject' : 'remove', type: 'User', id: member.id, title });
    await forgetActivityAbout(tx, 'User', member.id);
    await deleteMember(tx, member);
  });
}

/**
 * The caller's icon from an uploaded image (squared, re-encoded); their iconUrl then points to
 * it, replacing the old one. Returns the stored icon: its path on this service.
 */
export async function uploadIcon(ctx: SignedInActor, upload: Buffer): Promise<string> {
  const bytes = await renderIcon(upload);
  const accountId = ctx.viewer.accountId;
  await committed(ctx, (tx) => saveIcon(tx, accountId, bytes, ctx.now));
  const iconPath = `/xn/icons/${accountId}/${ctx.now}.webp`;
  await changeMember(ctx, undefined, { iconUrl: iconPath });
  return iconPath;
}
