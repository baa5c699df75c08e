// Every migration in order. Kysely records which ran; each runs once, at start, under a lock
// so several server instances can start together on one PostgreSQL database.
import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from './helpers';
import * as foundation from './0001-foundation';
import * as activity from './0002-activity';
import * as forumAndVideos from './0005-forum-and-videos';
import * as membersBroadcasts from './0004-members-broadcasts';
import * as photos from './0003-photos';
import * as activityLookups from './0008-activity-lookups';
import * as accessTokens from './0006-access-tokens';
import * as passwordResets from './0010-password-resets';
import * as accountIcons from './0011-account-icons';
import * as auditLog from './0050-audit-log';
import * as moderationIndexes from './0051-moderation-indexes';
import * as consumerKeyUse from './0052-consumer-key-use';
import * as dashboardCounters from './0053-dashboard-counters';
import * as search from './0015-search';
import * as listingLookups from './0054-listing-lookups';
import * as topicsByAuthor from './0060-topics-by-author';
import * as alphaListings from './0065-alpha-listings';
import * as sealedOAuthSecrets from './0075-sealed-oauth-secrets';
import * as iconPaths from './0066-icon-paths';
import * as tagAudienceCounts from './0085-tag-audience-counts';
import * as friendsOnlyLookups from './0086-friends-only-lookups';
import * as tagsByDate from './0087-tags-by-date';
import * as tagsDatedByWriter from './0088-tags-dated-by-writer';

type Step = { up(db: Kysely<any>, ctx: MigrationContext): Promise<void> };

const steps: Record<string, Step> = {
  '0001-foundation': foundation,
  '0002-activity': activity,
  '0005-forum-and-videos': forumAndVideos,
  '0004-members-broadcasts': membersBroadcasts,
  '0003-photos': photos,
  '0008-activity-lookups': activityLookups,
  '0006-access-tokens': accessTokens,
  '0010-password-resets': passwordResets,
  '0011-account-icons': accountIcons,
  '0050-audit-log': auditLog,
  '0051-moderation-indexes': moderationIndexes,
  '0052-consumer-key-use': consumerKeyUse,
  '0053-dashboard-counters': dashboardCounters,
  '0015-search': search,
  '0054-listing-lookups': listingLookups,
  '0060-topics-by-author': topicsByAuthor,
  '0065-alpha-listings': alphaListings,
  '0075-sealed-oauth-secrets': sealedOAuthSecrets,
  '0066-icon-paths': iconPaths,
  '0085-tag-audience-counts': tagAudienceCounts,
  '0086-friends-only-lookups': friendsOnlyLookups,
  '0087-tags-by-date': tagsByDate,
  '0088-tags-dated-by-writer': tagsDatedByWriter,
};

export function migrationsFor(ctx: MigrationContext): Record<string, Migration> {
  return Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, { up: (db) => step.up(db, ctx) }]));
}
