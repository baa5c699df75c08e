// Every REST endpoint of the service, one route table per resource.
import type { Endpoint } from '../http/endpoint';
import { blogPostEndpoints } from './blog-posts/routes';
import { commentEndpoints } from './comments/routes';
import { passwordResetEndpoints } from './password-resets/routes';
import { sessionEndpoints } from './sessions/routes';
import { tokenEndpoints } from './tokens/routes';
import { userEndpoints } from './users/routes';
import { featureEndpoints } from './featuring';
import { activityEndpoints } from './activity/routes';
import { tagEndpoints } from './tags/routes';
import { friendEndpoints } from './friends/routes';
import { photoEndpoints } from './photos/routes';
import { categoryEndpoints, topicEndpoints } from './forum/routes';
import { videoEndpoints } from './videos/routes';
import { accessTokenEndpoints } from './access-tokens/routes';
import { networkEndpoints } from './networks/routes';
import { broadcastEndpoints } from './broadcasts/routes';
import { moderationEndpoints } from './moderation/routes';
import { liveEndpoints } from './live/routes';
import { searchEndpoints } from './search/routes';
import { feedEndpoints } from './feeds/routes';
import { auditEndpoints } from './audit/routes';
import { consumerKeyEndpoints } from './consumer-keys/routes';
import { dashboardEndpoints } from './dashboard/routes';

export const endpoints: Endpoint[] = [
  ...tokenEndpoints,
  ...sessionEndpoints,
  ...passwordResetEndpoints,
  ...userEndpoints,
  ...blogPostEndpoints,
  ...commentEndpoints,
  ...featureEndpoints('BlogPost'),
  ...featureEndpoints('Comment'),
  ...featureEndpoints('User'),
  ...activityEndpoints,
  ...tagEndpoints,
  ...friendEndpoints,
  ...photoEndpoints,
  ...featureEndpoints('Photo'),
  ...categoryEndpoints,
  ...topicEndpoints,
  ...featureEndpoints('Topic'),
  ...videoEndpoints,
  ...featureEndpoints('Video'),
  ...accessTokenEndpoints,
  ...networkEndpoints,
  ...broadcastEndpoints,
  ...moderationEndpoints,
  ...liveEndpoints,
  ...searchEndpoints,
  ...feedEndpoints,
  ...auditEndpoints,
  ...consumerKeyEndpoints,
  ...dashboardEndpoints,
];
